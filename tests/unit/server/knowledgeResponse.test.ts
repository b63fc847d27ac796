import { describe, expect, it } from "vitest";
import { bareSentence, personSummary, toKnowledgeResponse, type KnowledgeResultIn } from "../../../src/server/rest/knowledgeResponse.js";
import { durationOf, factsByTopic, suggestedContext } from "../../../src/server/rest/knowledgeFacts.js";

const attributes = (over: Partial<KnowledgeResultIn["structuredFacts"][number]["attributes"]> = {}) => ({ role: null, location: null, basis: null, sentiment: null, proficiency: null, ...over });

const charlieAtGoogle = {
  id: "f1",
  subject: "Charlie",
  subjectId: "charlie_id",
  relation: "PREVIOUSLY",
  object: "Google",
  objectId: "org_google",
  objectLabel: "Org",
  attributes: attributes({ role: "Software Engineer", location: "Mountain View" }),
  start: "2019",
  end: "2022",
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
  object: "Google",
  objectId: "org_google",
  objectLabel: "Org",
  attributes: attributes({ role: "Product Manager", location: "San Francisco" }),
  start: "2020",
  end: null,
  confidence: 0.92,
  evidence: ["msg_789"],
  current: true,
  relevance: 1,
  text: "Dana works at Google as a Product Manager in San Francisco (confidence 0.92, evidence msg_789)",
};
const charlieCloseToAlice = {
  ...charlieAtGoogle,
  id: "f3",
  relation: "CLOSE_TO",
  object: "Alice",
  objectId: "alice_id",
  objectLabel: "Person",
  attributes: attributes({ basis: "collaborate weekly" }),
  start: null,
  end: null,
  current: true,
  relevance: 0.9,
  evidence: ["msg_234", "msg_567"],
  text: "Charlie is close to Alice (basis: collaborate weekly, confidence 0.85, evidence msg_234, msg_567)",
};

const result = (over: Partial<KnowledgeResultIn> = {}): KnowledgeResultIn => ({
  structuredFacts: [charlieAtGoogle, danaAtGoogle, charlieCloseToAlice],
  contradictions: [],
  profiles: [
    { personId: "charlie_id", name: "Charlie", realName: "Charles Xavier", aliases: ["Chuck"], factCount: 7 },
    { personId: "bob_id", name: "Bob", realName: null, aliases: [], factCount: 2 },
  ],
  confidence: "HIGH",
  reasoning: "Found 3 fact(s) with 5 tool call(s).",
  metadata: { processingTimeMs: 84.2, timeBudgetMs: 60_000, factsRetrieved: 3, runId: "run-1", planner: "DETERMINISTIC", promptVersion: null },
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
      organization: "Google",
      role: "Software Engineer",
      duration: "2019-2022",
      location: "Mountain View",
      topic: "Google",
      current: false,
      confidence: 0.92,
      evidence: ["msg_456"],
      relevance: 1,
    });
  });

  it("what the sentence says is given as fields in the notes' shape: organization, role, duration, location; a tie between two people as person_a, person_b and basis", () => {
    const [, dana, close] = toKnowledgeResponse(result()).relevant_facts;
    expect(dana).toMatchObject({ type: "WORKS_AT", person: "Dana", organization: "Google", role: "Product Manager", duration: "2020-present", location: "San Francisco", current: true });
    expect(close).toMatchObject({ type: "CLOSE_TO", person_a: "Charlie", person_a_id: "charlie_id", person_b: "Alice", person_b_id: "alice_id", basis: "collaborate weekly" });
    // What a fact does not say is left out, not null.
    expect(close).not.toHaveProperty("role");
    expect(close).not.toHaveProperty("duration");
    expect(close).not.toHaveProperty("organization");
  });

  it("facts_by_topic groups the facts by what they are about, the most relevant topic first", () => {
    expect(toKnowledgeResponse(result()).facts_by_topic).toEqual([
      {
        topic: "Google",
        kind: "organization",
        fact_ids: ["f1", "f2"],
        facts: ["Charlie previously worked at Google from 2019 to 2022 as a Software Engineer in Mountain View", "Dana works at Google as a Product Manager in San Francisco"],
      },
      { topic: "Alice", kind: "person", fact_ids: ["f3"], facts: ["Charlie is close to Alice"] },
    ]);
  });

  it("contradictions name both facts; suggested_context tells the facts topic by topic, then what disagrees", () => {
    const r = toKnowledgeResponse(
      result({ contradictions: [{ fact: { id: "f2", text: danaAtGoogle.text }, conflictsWith: { id: "f9", text: "Dana works at Meta (confidence 0.6, evidence msg_1)" } }] }),
    );
    expect(r.contradictions).toEqual([
      { fact_id: "f2", fact: "Dana works at Google as a Product Manager in San Francisco", conflicts_with_id: "f9", conflicts_with: "Dana works at Meta" },
    ]);
    expect(r.suggested_context).toBe(
      "Google: Charlie previously worked at Google from 2019 to 2022 as a Software Engineer in Mountain View; Dana works at Google as a Product Manager in San Francisco. " +
        "Alice: Charlie is close to Alice. These disagree, both are kept: Dana works at Google as a Product Manager in San Francisco / Dana works at Meta.",
    );
    expect(toKnowledgeResponse(result({ structuredFacts: [] })).suggested_context).toBe("Nothing relevant to this conversation is known.");
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
    const r = toKnowledgeResponse(result({ metadata: { processingTimeMs: 45000, timeBudgetMs: 60_000, factsRetrieved: 3, runId: "run-9", planner: "LLM", promptVersion: "retrieve-planner/x" } }));
    expect(r).toMatchObject({ confidence: "high", processing_time_ms: 45000, time_budget_ms: 60_000, run_id: "run-9", facts_retrieved: 3, planner: "llm", prompt_version: "retrieve-planner/x", reasoning: "Found 3 fact(s) with 5 tool call(s)." });
  });

  it("no results: empty facts, profiles and queries, low confidence, and no trace is no queries", () => {
    const r = toKnowledgeResponse(result({ structuredFacts: [], profiles: [], trace: null, confidence: "LOW" }));
    expect(r).toMatchObject({ relevant_facts: [], facts_by_topic: [], contradictions: [], person_profiles: {}, queries_executed: [], confidence: "low" });
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

describe("durationOf, factsByTopic and suggestedContext", () => {
  it.each([
    ["2019", "2022", false, "2019-2022"],
    ["2019-03-01", "2022-11", false, "2019-2022"],
    ["2021", "2021", false, "2021"],
    ["2020", null, true, "2020-present"],
    ["2020", null, false, "from 2020"],
    [null, "2018", false, "until 2018"],
    [null, null, true, null],
  ] as const)("%s to %s (current %s) reads %s", (start, end, current, expected) => {
    expect(durationOf(start, end, current)).toBe(expected);
  });

  it("suggestedContext tells at most ten facts", () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ ...danaAtGoogle, id: `g${i}`, objectId: `org_${i}`, object: `Org${i}`, text: `Dana works at Org${i} (confidence 0.9)` }));
    const told = suggestedContext(factsByTopic(many), []);
    expect(told.match(/Dana works at/g)).toHaveLength(10);
    expect(told).not.toContain("Org10");
  });
});
