import { describe, expect, it } from "vitest";
import { bareSentence, personSummary, toKnowledgeResponse, type KnowledgeResultIn } from "../../../src/server/rest/knowledgeResponse.js";

const charlieAtGoogle = {
  id: "f1",
  subject: "Charlie",
  subjectId: "charlie_id",
  relation: "PREVIOUSLY",
  confidence: 0.92,
  evidence: ["msg_456"],
  current: false,
  relevance: 1,
  text: "Charlie previously worked at Google from 2019 to 2022 as a Software Engineer in Mountain View (confidence 0.92, evidence msg_456)",
};
const danaAtGoogle = {
  id: "f2",
  subject: "Dana",
  subjectId: "dana_id",
  relation: "WORKS_AT",
  confidence: 0.92,
  evidence: ["msg_789"],
  current: true,
  relevance: 1,
  text: "Dana works at Google as a Product Manager in San Francisco (confidence 0.92, evidence msg_789)",
};
const charlieCloseToAlice = { ...charlieAtGoogle, id: "f3", relation: "CLOSE_TO", relevance: 0.9, evidence: ["msg_234", "msg_567"], text: "Charlie is close to Alice (basis: collaborate weekly, confidence 0.85, evidence msg_234, msg_567)" };

const result = (over: Partial<KnowledgeResultIn> = {}): KnowledgeResultIn => ({
  structuredFacts: [charlieAtGoogle, danaAtGoogle, charlieCloseToAlice],
  profiles: [
    { personId: "charlie_id", name: "Charlie", realName: "Charles Xavier", aliases: ["Chuck"], factCount: 7 },
    { personId: "bob_id", name: "Bob", realName: null, aliases: [], factCount: 2 },
  ],
  confidence: "HIGH",
  reasoning: "Found 3 fact(s) with 5 tool call(s).",
  metadata: { processingTimeMs: 84.2, factsRetrieved: 3, runId: "run-1", planner: "DETERMINISTIC", promptVersion: null },
  trace: [
    { iteration: 0, toolCalls: [] },
    {
      iteration: 1,
      toolCalls: [
        { tool: "person_profile", arguments: '{"person_id":"charlie_id"}', ok: true, error: null, resultSize: 7 },
        { tool: "find_people_by_organization", arguments: '{"organization":"Google"}', ok: false, error: "timed out", resultSize: 0 },
      ],
    },
    { iteration: 2, toolCalls: [{ tool: "semantic_search_facts", arguments: '{"query":"Google"}', ok: true, error: null, resultSize: 2 }] },
  ],
  ...over,
});

describe("toKnowledgeResponse: a retrieveContext result in the knowledge agent's REST shape", () => {
  it("relevant_facts carry fact (the bare sentence), confidence, evidence and relevance, in the loop's order", () => {
    const r = toKnowledgeResponse(result());
    expect(r.relevant_facts.map((f) => f.id)).toEqual(["f1", "f2", "f3"]);
    expect(r.relevant_facts[0]).toEqual({
      id: "f1",
      fact: "Charlie previously worked at Google from 2019 to 2022 as a Software Engineer in Mountain View",
      type: "PREVIOUSLY",
      person: "Charlie",
      person_id: "charlie_id",
      current: false,
      confidence: 0.92,
      evidence: ["msg_456"],
      relevance: 1,
    });
  });

  it("person_profiles maps every person looked at or a fact is about to a summary text", () => {
    const { person_profiles } = toKnowledgeResponse(result());
    expect(Object.keys(person_profiles).sort()).toEqual(["bob_id", "charlie_id", "dana_id"]);
    expect(person_profiles.charlie_id).toBe(
      "Charlie (Charles Xavier, Chuck): Charlie previously worked at Google from 2019 to 2022 as a Software Engineer in Mountain View; Charlie is close to Alice. 7 fact(s) known in all.",
    );
    expect(person_profiles.dana_id).toBe("Dana: Dana works at Google as a Product Manager in San Francisco.");
    expect(person_profiles.bob_id).toBe("Bob: nothing relevant to this conversation is known. 2 fact(s) known in all.");
  });

  it("queries_executed has one entry per tool call with its iteration, tool, arguments as the query and result_count; failures say so", () => {
    expect(toKnowledgeResponse(result()).queries_executed).toEqual([
      { iteration: 1, tool: "person_profile", query: '{"person_id":"charlie_id"}', result_count: 7, success: true, error: null },
      { iteration: 1, tool: "find_people_by_organization", query: '{"organization":"Google"}', result_count: 0, success: false, error: "timed out" },
      { iteration: 2, tool: "semantic_search_facts", query: '{"query":"Google"}', result_count: 2, success: true, error: null },
    ]);
  });

  it("confidence in lower case, processing_time_ms, the run id, the planner and its prompt version", () => {
    const r = toKnowledgeResponse(result({ metadata: { processingTimeMs: 45000, factsRetrieved: 3, runId: "run-9", planner: "LLM", promptVersion: "retrieve-planner/x" } }));
    expect(r).toMatchObject({ confidence: "high", processing_time_ms: 45000, run_id: "run-9", facts_retrieved: 3, planner: "llm", prompt_version: "retrieve-planner/x", reasoning: "Found 3 fact(s) with 5 tool call(s)." });
  });

  it("no results: empty facts, profiles and queries, low confidence, and no trace is no queries", () => {
    const r = toKnowledgeResponse(result({ structuredFacts: [], profiles: [], trace: null, confidence: "LOW" }));
    expect(r).toMatchObject({ relevant_facts: [], person_profiles: {}, queries_executed: [], confidence: "low" });
  });
});

describe("bareSentence and personSummary", () => {
  it("bareSentence drops only the trailing notes", () => {
    expect(bareSentence("Alice knows Python (proficiency: expert, confidence 0.9, evidence msg_003)")).toBe("Alice knows Python");
    expect(bareSentence("Alice knows Python")).toBe("Alice knows Python");
  });

  it("personSummary does not repeat a real name equal to the name", () => {
    expect(personSummary("Ann", { personId: "a", name: "Ann", realName: "Ann", aliases: ["Ann"], factCount: 0 }, [])).toBe("Ann: nothing relevant to this conversation is known. 0 fact(s) known in all.");
  });
});
