import { describe, expect, it } from "vitest";
import { findingsSize, toolFindings } from "../../../src/retrieveContext/tools/toolFindings.js";
import { fact } from "./fixtures.js";

const python = fact({ id: "f_py", type: "HAS_SKILL", object: "Python" });
const google = fact({ id: "f_g" });

describe("toolFindings: facts", () => {
  it("finds a fact returned on its own, with no similarity", () => {
    expect(toolFindings(python).facts).toEqual([{ fact: python, similarity: null }]);
  });

  it("finds facts under people[].fact and relationships[] alike", () => {
    const result = { skill: "Python", people: [{ personId: "p_charlie", fact: python }], relationships: [google] };
    expect(toolFindings(result).facts.map((f) => f.fact.id)).toEqual(["f_py", "f_g"]);
  });

  it("gives a fact the similarityScore of the object holding it (semantic_search_facts' results[])", () => {
    const result = { query: "snakes", results: [{ similarityScore: 0.91, fact: python }, { similarityScore: 0.72, fact: google }] };
    expect(toolFindings(result).facts.map((f) => [f.fact.id, f.similarity])).toEqual([
      ["f_py", 0.91],
      ["f_g", 0.72],
    ]);
  });

  it("gives a fact a parent's `similarity` too, and lets a deeper score replace an outer one", () => {
    const result = { similarity: 0.6, groups: [{ facts: [python] }, { similarityScore: 0.8, items: [{ fact: google }] }] };
    expect(toolFindings(result).facts.map((f) => [f.fact.id, f.similarity])).toEqual([
      ["f_py", 0.6],
      ["f_g", 0.8],
    ]);
  });

  it("ignores a similarity that is not a number", () => {
    expect(toolFindings({ similarityScore: "0.9", fact: python }).facts[0]!.similarity).toBeNull();
  });

  it("does not take a nearly fact-shaped object for a fact", () => {
    const { confidence: _c, ...noConfidence } = python;
    const textConfidence = { ...python, confidence: "0.9" };
    const noEvidence = { ...python, evidence: "m1" };
    expect(toolFindings([noConfidence, textConfidence, noEvidence]).facts).toEqual([]);
  });

  it("finds a fact at depth 6 and stops looking below that", () => {
    const nest = (value: unknown, levels: number): unknown => (levels === 0 ? value : { inner: nest(value, levels - 1) });
    expect(toolFindings(nest(python, 6)).facts).toHaveLength(1);
    expect(toolFindings(nest(python, 7)).facts).toHaveLength(0);
  });

  it("finds nothing in null, numbers, strings or empty results", () => {
    for (const result of [null, undefined, 42, "text", [], {}]) expect(toolFindings(result)).toEqual({ facts: [], profiles: [], snippets: [] });
  });
});

describe("toolFindings: profiles", () => {
  const profile = { personId: "p_charlie", name: "Charlie", realName: "Charles Doe", aliases: ["Chaz"], found: true, facts: [python, google] };

  it("takes a found profile with its fact count, and its facts as facts", () => {
    const findings = toolFindings(profile);
    expect(findings.profiles).toEqual([{ personId: "p_charlie", name: "Charlie", realName: "Charles Doe", aliases: ["Chaz"], factCount: 2 }]);
    expect(findings.facts.map((f) => f.fact.id)).toEqual(["f_py", "f_g"]);
  });

  it("takes no profile when found is not true", () => {
    expect(toolFindings({ ...profile, found: false, facts: [] }).profiles).toEqual([]);
    expect(toolFindings({ ...profile, found: "true" }).profiles).toEqual([]);
  });

  it("writes missing names as null", () => {
    expect(toolFindings({ ...profile, name: undefined, realName: null }).profiles[0]).toMatchObject({ name: null, realName: null });
  });
});

describe("toolFindings: snippets", () => {
  it("turns searchMemories hits into snippets, lexical when they have a full-text rank", () => {
    const result = {
      hits: [
        { source: "MEMORY", id: "m1", content: "Charlie loves Python", score: 0.9, occurredAt: "2024-01-01T00:00:00Z", authorName: null, explain: { fulltextRank: 1, vectorRank: 3 } },
        { source: "MESSAGE", id: "msg2", content: "snakes are cool", score: 0.4, occurredAt: null, authorName: "Bob", explain: { fulltextRank: null, vectorRank: 1 } },
        { source: "FACT", id: "f3", content: "fact text", score: 0.3, explain: null },
      ],
      tookMs: 3,
    };
    expect(toolFindings(result).snippets).toEqual([
      { source: "MEMORY", id: "m1", content: "Charlie loves Python", score: 0.9, authorName: null, occurredAt: "2024-01-01T00:00:00Z", lexical: true },
      { source: "MESSAGE", id: "msg2", content: "snakes are cool", score: 0.4, authorName: "Bob", occurredAt: null, lexical: false },
      { source: "FACT", id: "f3", content: "fact text", score: 0.3, authorName: null, occurredAt: null, lexical: false },
    ]);
  });

  it("turns searchMessages hits into MESSAGE snippets, lexical when they have a text rank", () => {
    const message = (id: string) => ({ id, channelId: "c1", authorId: "u1", authorName: "Alice", content: `message ${id}`, timestamp: "2024-02-01T10:00:00.000Z" });
    const result = [
      { message: message("a"), score: 0.03, textRank: 2, vectorRank: null },
      { message: message("b"), score: 0.01, textRank: null, vectorRank: 1 },
    ];
    expect(toolFindings(result).snippets).toEqual([
      { source: "MESSAGE", id: "a", content: "message a", score: 0.03, authorName: "Alice", occurredAt: "2024-02-01T10:00:00.000Z", lexical: true },
      { source: "MESSAGE", id: "b", content: "message b", score: 0.01, authorName: "Alice", occurredAt: "2024-02-01T10:00:00.000Z", lexical: false },
    ]);
  });

  it("does not take a message without text content for a snippet", () => {
    expect(toolFindings({ message: { id: "a", content: null }, score: 1 }).snippets).toEqual([]);
  });

  it("counts facts, profiles and snippets for the trace", () => {
    expect(findingsSize({ facts: [{ fact: python, similarity: null }], profiles: [], snippets: [] })).toBe(1);
    expect(findingsSize(toolFindings({ personId: "p", found: true, aliases: [], facts: [python], hits: [{ source: "MEMORY", id: "m", content: "x", score: 1 }] }))).toBe(3);
  });
});
