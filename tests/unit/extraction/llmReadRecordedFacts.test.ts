import { describe, expect, it } from "vitest";
import type { ChatCompletionMessage } from "openai/resources/chat/completions";
import { factRelations } from "../../../src/facts/factRelations.js";
import { readRecordedFacts, type AnswerScope } from "../../../src/extraction/llm/readRecordedFacts.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

const relations = factRelations(loadTypeDefs().document);
const scope: AnswerScope = {
  relations,
  personIds: new Set(["ana", "ben"]),
  messageIds: new Set(["m1", "m2"]),
  maxFactsPerMessage: 3,
  minConfidence: 0.5,
  source: "llm/extract-facts@1",
};
const good = { subject: "ana", relation: "WORKS_AT", object: "Acme", confidence: 0.9, evidence: ["m1"] };

/** An answer calling record_facts with these arguments (text or JSON). */
function called(args: unknown, finishReason = "tool_calls", name = "record_facts") {
  const message = {
    role: "assistant",
    content: null,
    refusal: null,
    tool_calls: [{ id: "c1", type: "function", function: { name, arguments: typeof args === "string" ? args : JSON.stringify(args) } }],
  } as ChatCompletionMessage;
  return { message, finishReason };
}
const read = (facts: unknown[]) => readRecordedFacts(called({ facts }), scope);

describe("reading the model's record_facts answer", () => {
  it("keeps a good fact with its evidence, attributes, validity and source", () => {
    const answer = read([{ ...good, attributes: { role: "engineer", sentiment: null }, validFrom: "2026-03-01T00:00:00Z" }]);
    expect(answer).toEqual({
      ok: true,
      dropped: [],
      facts: [{ ...good, attributes: { role: "engineer" }, validFrom: "2026-03-01T00:00:00Z", source: "llm/extract-facts@1" }],
    });
  });

  it("an empty list is a usable answer with no facts", () => {
    expect(read([])).toEqual({ ok: true, facts: [], dropped: [] });
  });

  it.each([
    ["not JSON", '{"facts": [', "the answer is not JSON"],
    ["JSON of another shape", '{"triples": []}', "the answer is not { facts: [...] }"],
  ])("arguments that are %s make the answer unusable", (_what, args, reason) => {
    expect(readRecordedFacts(called(args), scope)).toEqual({ ok: false, reason });
  });

  it("an answer cut at the token limit is unusable even when its prefix parses", () => {
    expect(readRecordedFacts(called({ facts: [good] }, "length"), scope)).toEqual({ ok: false, reason: "the answer was cut at the token limit (truncated JSON)", truncated: true });
  });

  it("no call of record_facts and no text is unusable; a call of any other tool is ignored", () => {
    expect(readRecordedFacts(called({ all: true }, "tool_calls", "delete_everything"), scope)).toEqual({ ok: false, reason: "the model did not call record_facts" });
  });

  it("a bare JSON body (an endpoint that ignored the forced tool) is read like the tool's arguments", () => {
    const message = { role: "assistant", content: "```json\n" + JSON.stringify({ facts: [good] }) + "\n```", refusal: null } as ChatCompletionMessage;
    const answer = readRecordedFacts({ message, finishReason: "stop" }, scope);
    expect(answer.ok && answer.facts.map((f) => f.object)).toEqual(["Acme"]);
  });

  it("entries none of which has a fact's shape make the answer unusable", () => {
    const answer = read([{ who: "ana", predicate: "works at", what: "Acme" }]);
    expect(answer.ok).toBe(false);
  });

  it.each([
    ["an unknown relation", { relation: "DELETE_ALL" }, 'relation "DELETE_ALL" is not a fact relation of the schema'],
    ["a subject that is not a listed person", { subject: "tenant-x-person" }, 'subject "tenant-x-person" is not one of the listed people'],
    ["evidence outside the batch", { evidence: ["m1", "other-tenant-msg"] }, 'evidence "other-tenant-msg" is not a message of the batch'],
    ["a confidence above 1", { confidence: 1.5 }, "confidence 1.5 is outside 0.5..1"],
    ["a confidence below the floor", { confidence: 0.3 }, "confidence 0.3 is outside 0.5..1"],
    ["an object over assertFacts' limit", { object: "x".repeat(201) }, "object"],
    ["validUntil before validFrom", { validFrom: "2026-03-01T00:00:00Z", validUntil: "2025-01-01T00:00:00Z" }, "validUntil must be after validFrom"],
    ["a person relation to someone not listed", { relation: "CLOSE_TO", object: "mallory" }, "CLOSE_TO's object \"mallory\" is not another listed person"],
    ["a person relation to the subject itself", { relation: "CLOSE_TO", object: "ana" }, "CLOSE_TO's object \"ana\" is not another listed person"],
  ])("drops %s and keeps the good entries beside it", (_what, change, reason) => {
    const answer = read([good, { ...good, object: "Other Co", ...change }]);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.facts.map((f) => f.object)).toEqual(["Acme"]);
    expect(answer.dropped).toHaveLength(1);
    expect(answer.dropped[0]).toContain(reason);
  });

  it("a person relation to another listed person is kept; relations are matched case-insensitively", () => {
    const answer = read([{ ...good, relation: "close_to", object: "ben" }]);
    expect(answer.ok && answer.facts).toEqual([{ ...good, relation: "CLOSE_TO", object: "ben", source: "llm/extract-facts@1" }]);
  });

  it("keeps at most the cap of facts per message, the surest first, and one of each fact", () => {
    const many = ["A", "B", "C", "D"].map((object, i) => ({ ...good, relation: "HAS_SKILL", object, confidence: 0.6 + i * 0.1 }));
    const answer = read([good, ...many, { ...good, object: "acme", confidence: 0.55 }, { ...good, evidence: ["m2"] }]);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.facts.filter((f) => f.evidence[0] === "m1").map((f) => f.object)).toEqual(["Acme", "D", "C"]);
    expect(answer.facts.filter((f) => f.evidence[0] === "m2")).toHaveLength(1);
    expect(answer.dropped).toEqual(["message m1 has more than 3 facts", "message m1 has more than 3 facts", "WORKS_AT acme of ana is recorded twice"]);
  });

  it("keeps only the tool's attribute names: an `extra` or unknown key of the model's is not passed on", () => {
    const answer = read([{ ...good, attributes: { role: "cto", extra: '{"admin": true}', weight: 5, dropTables: "yes" } }]);
    expect(answer.ok && answer.facts[0]!.attributes).toEqual({ role: "cto" });
  });
});
