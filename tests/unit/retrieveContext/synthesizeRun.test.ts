import { describe, expect, it } from "vitest";
import type { CallOutcome } from "../../../src/retrieveContext/planners/planner.js";
import { synthesize } from "../../../src/retrieveContext/synthesizeRun.js";
import type { FoundProfile } from "../../../src/retrieveContext/tools/toolFindings.js";
import { analysis, author, entity, fact, NO_FINDINGS, outcome, request, snippet } from "./fixtures.js";

const metadata = { iterationsUsed: 2, llmTokensUsed: 0, planner: "DETERMINISTIC" as const, fallbackReason: null, promptVersion: null, stopReason: "DONE" as const, timeBudgetMs: 30_000 };
const profile = (personId: string, name: string): FoundProfile => ({ personId, name, realName: null, aliases: [], factCount: 1 });
const found = (findings: Partial<CallOutcome["findings"]>, over: Partial<CallOutcome> = {}) => outcome({ tool: "t", args: {} }, { findings: { ...NO_FINDINGS, ...findings }, ...over });

function run(outcomes: CallOutcome[], over: Partial<Parameters<typeof synthesize>[0]> = {}) {
  return synthesize({ request: request(), analysis: analysis(), links: { entities: [], authors: [] }, outcomes, trace: [], reasoning: [], metadata, ...over });
}

describe("synthesize (the run's last stage)", () => {
  it("ranks a fact about a named thing above one about a participant above an untouched one", () => {
    const facts = [
      fact({ id: "plain", personId: "p_x", personName: "Xavier", object: "Acme", objectId: "o_acme" }),
      fact({ id: "participant", personId: "p_bob", personName: "Bob", object: "Initech", objectId: "o_initech" }),
      fact({ id: "named", personId: "p_x", personName: "Xavier", type: "HAS_SKILL", object: "Python", objectId: "s_py" }),
    ];
    const result = run([found({ facts: facts.map((f) => ({ fact: f, similarity: null })) })], {
      analysis: analysis({ intents: [{ kind: "skill", term: "python", message: 0 }] }),
      links: { entities: [], authors: [author("p_bob")] },
    });
    expect(result.facts.map((f) => [f.fact.id, f.relevance])).toEqual([
      ["named", 1],
      ["participant", 0.8],
      ["plain", 0.5],
    ]);
  });

  it("counts a linked entity's name and a mentioned person as relevant", () => {
    const facts = [fact({ id: "by-entity", object: "Google" }), fact({ id: "mentioned", personId: "p_dana", personName: "Dana", object: "Meta" })];
    const result = run([found({ facts: facts.map((f) => ({ fact: f, similarity: null })) })], {
      links: { entities: [entity("Org", "o_google", "Google"), entity("Person", "p_dana", "Dana")], authors: [] },
    });
    // "Dana" is a linked name too, so both facts are about named things.
    expect(result.facts.map((f) => f.relevance)).toEqual([1, 1]);
  });

  it("keeps at most maxFacts facts, the best ones", () => {
    const facts = [0.5, 0.9, 0.7].map((confidence, i) => ({ fact: fact({ id: `f${i}`, object: `Org ${i}`, confidence }), similarity: null }));
    const result = run([found({ facts })], { request: request({ maxFacts: 2 }) });
    expect(result.facts.map((f) => f.fact.id)).toEqual(["f1", "f2"]);
    expect(result.metadata.factsRetrieved).toBe(2);
  });

  it("keeps each person's first profile once, and snippets through pickSnippets", () => {
    const result = run([
      found({ profiles: [profile("p1", "Alice")], snippets: [snippet({ id: "s1", score: 0.2 })] }),
      found({ profiles: [profile("p1", "Alice again"), profile("p2", "Bob")], snippets: [snippet({ id: "s2", score: 0.9 }), snippet({ id: "s3", lexical: false })] }),
    ]);
    expect(result.profiles.map((p) => p.name)).toEqual(["Alice", "Bob"]);
    expect(result.snippets.map((s) => s.id)).toEqual(["s2", "s1"]);
  });

  it("counts only calls that ran as queries executed, and says why it fell back", () => {
    const result = run([found({}), found({}, { cached: true }), found({}, { ok: false, error: "boom" })], {
      reasoning: ["Look up the people"],
      metadata: { ...metadata, planner: "DETERMINISTIC", fallbackReason: "the model endpoint answered HTTP 500" },
    });
    expect(result.metadata).toMatchObject({ queriesExecuted: 2, factsRetrieved: 0, processingTimeMs: 0, iterationsUsed: 2, stopReason: "DONE" });
    expect(result.reasoning).toBe("Look up the people Found no facts with 2 tool call(s). Fell back to the deterministic planner: the model endpoint answered HTTP 500.");
    expect(result.confidence).toBe("LOW");
  });

  it("reports the contradictions among the facts it returns and the chatbot memory service's confidence", () => {
    const facts = [
      fact({ id: "a", object: "Google", confidence: 0.9, contradicts: ["b"] }),
      fact({ id: "b", object: "Meta", confidence: 0.85, contradicts: ["a"] }),
      fact({ id: "c", object: "Initech", confidence: 0.8 }),
    ].map((f) => ({ fact: f, similarity: null }));
    const result = run([found({ facts }), found({})]);
    expect(result.contradictions.map(([x, y]) => [x.fact.id, y.fact.id])).toEqual([["a", "b"]]);
    expect(result.confidence).toBe("HIGH");
    expect(result.reasoning).toBe("Found 3 fact(s) with 2 tool call(s).");
  });
});
