import { describe, expect, it } from "vitest";
import {
  assessConfidence,
  contradictionPairs,
  dedupeFacts,
  pickSnippets,
  rankFacts,
  relevanceOf,
  type RelevanceContext,
} from "../../../src/retrieveContext/synthesize.js";
import { fact, snippet } from "./fixtures.js";

const none: RelevanceContext = { namedThings: new Set(), mentionedPeople: new Set(), participants: new Set() };
const ctx = (over: { named?: string[]; mentioned?: string[]; participants?: string[] }): RelevanceContext => ({
  namedThings: new Set(over.named ?? []),
  mentionedPeople: new Set(over.mentioned ?? []),
  participants: new Set(over.participants ?? []),
});

describe("relevanceOf", () => {
  const google = fact({ id: "f1", personId: "p_charlie", personName: "Charlie", object: "Google", objectId: "o_google" });

  it("is 0.5 for a fact the conversation does not touch", () => {
    expect(relevanceOf({ fact: google, similarity: null }, none)).toBe(0.5);
  });

  it.each([
    ["its object is named (any case)", ctx({ named: ["google"] }), 1],
    ["its person is named by name", ctx({ named: ["charlie"] }), 1],
    ["its person is mentioned", ctx({ mentioned: ["p_charlie"] }), 0.9],
    ["its object is a mentioned person", ctx({ mentioned: ["o_google"] }), 0.9],
    ["its person takes part", ctx({ participants: ["p_charlie"] }), 0.8],
  ])("is the highest rule that holds: %s gives %d", (_name, context, expected) => {
    expect(relevanceOf({ fact: google, similarity: null }, context)).toBe(expected);
  });

  it("takes the similarity when it beats the rules, and the rules when they beat it", () => {
    expect(relevanceOf({ fact: google, similarity: 0.93 }, ctx({ participants: ["p_charlie"] }))).toBe(0.93);
    expect(relevanceOf({ fact: google, similarity: 0.3 }, none)).toBe(0.5);
    expect(relevanceOf({ fact: google, similarity: 0.99 }, ctx({ named: ["Google"] }))).toBe(0.99);
  });

  it("does not count a participant who is only the object of the fact", () => {
    expect(relevanceOf({ fact: google, similarity: null }, ctx({ participants: ["o_google"] }))).toBe(0.5);
  });
});

describe("dedupeFacts", () => {
  it("merges facts with the same subject, relation and object (object case-insensitive): max confidence, union of evidence and contradictions, max relevance", () => {
    const weak = fact({ id: "f1", object: "Google", confidence: 0.6, evidence: ["m1", "m2"], contradicts: ["x1"] });
    const strong = fact({ id: "f2", object: "google", confidence: 0.9, evidence: ["m2", "m3"], contradicts: ["x2"] });
    const [merged, ...rest] = dedupeFacts(
      [
        { fact: weak, similarity: 0.95 },
        { fact: strong, similarity: null },
      ],
      none,
    );
    expect(rest).toEqual([]);
    expect(merged!.fact).toMatchObject({ id: "f2", object: "google", confidence: 0.9, evidence: ["m1", "m2", "m3"], contradicts: ["x1", "x2"] });
    expect(merged!.relevance).toBe(0.95);
  });

  it("keeps the first fact's fields when the later duplicate is not more confident", () => {
    const [merged] = dedupeFacts(
      [
        { fact: fact({ id: "f1", confidence: 0.8 }), similarity: null },
        { fact: fact({ id: "f2", confidence: 0.8 }), similarity: null },
      ],
      none,
    );
    expect(merged!.fact.id).toBe("f1");
  });

  it.each([
    ["another person", { personId: "p_dana" }],
    ["another relation", { type: "PREVIOUSLY" }],
    ["another object", { object: "Meta" }],
  ])("keeps facts apart that differ by %s", (_name, over) => {
    const out = dedupeFacts([{ fact: fact({ id: "f1" }), similarity: null }, { fact: fact({ id: "f2", ...over }), similarity: null }], none);
    expect(out.map((f) => f.fact.id)).toEqual(["f1", "f2"]);
  });

  it("does not change the facts it was given", () => {
    const original = fact({ id: "f1", evidence: ["m1"] });
    dedupeFacts([{ fact: original, similarity: null }, { fact: fact({ id: "f2", evidence: ["m2"] }), similarity: null }], none);
    expect(original.evidence).toEqual(["m1"]);
  });

  it("returns nothing for nothing", () => {
    expect(dedupeFacts([], none)).toEqual([]);
  });
});

describe("rankFacts", () => {
  const ranked = (...entries: [id: string, relevance: number, confidence: number][]) =>
    rankFacts(entries.map(([id, relevance, confidence]) => ({ fact: fact({ id, confidence }), relevance }))).map((f) => f.fact.id);

  it("orders by 0.6 × relevance + 0.4 × confidence", () => {
    // a: 0.6 + 0.2 = 0.8; b: 0.3 + 0.4 = 0.7; c: 0.54 + 0.36 = 0.9.
    expect(ranked(["a", 1, 0.5], ["b", 0.5, 1], ["c", 0.9, 0.9])).toEqual(["c", "a", "b"]);
  });

  it("weighs relevance more than confidence", () => {
    expect(ranked(["confident", 0.5, 1], ["relevant", 1, 0.5])).toEqual(["relevant", "confident"]);
  });

  it("breaks an equal score by confidence, even where floating point makes the sums differ", () => {
    // Both score 0.68, but 0.6 * 0.5 + 0.4 * 0.95 is 0.6799999999999999 in floating point.
    expect(ranked(["less-confident", 0.6, 0.8], ["more-confident", 0.5, 0.95])).toEqual(["more-confident", "less-confident"]);
    expect(ranked(["b", 0.8, 0.8], ["a", 1, 0.5])).toEqual(["b", "a"]);
  });

  it("breaks equal score and confidence by id, whatever the input order", () => {
    expect(ranked(["f2", 0.7, 0.7], ["f1", 0.7, 0.7], ["f3", 0.7, 0.7])).toEqual(["f1", "f2", "f3"]);
  });

  it("gives each fact its sentence", () => {
    const [one] = rankFacts([{ fact: fact({ id: "f1", confidence: 0.9, evidence: ["m1"] }), relevance: 1 }]);
    expect(one!.text).toBe("Charlie works at Google (confidence 0.9, evidence m1)");
  });
});

describe("contradictionPairs", () => {
  const rankedFact = (id: string, contradicts: string[]) => ({ fact: fact({ id, contradicts }), relevance: 1, text: id });

  it("lists a pair once when both facts name each other", () => {
    const pairs = contradictionPairs([rankedFact("a", ["b"]), rankedFact("b", ["a"])]);
    expect(pairs.map(([x, y]) => [x.fact.id, y.fact.id])).toEqual([["a", "b"]]);
  });

  it("lists a pair when only one side names the other", () => {
    expect(contradictionPairs([rankedFact("a", []), rankedFact("b", ["a"])]).map(([x, y]) => [x.fact.id, y.fact.id])).toEqual([["b", "a"]]);
  });

  it("ignores contradictions with facts that were not returned", () => {
    expect(contradictionPairs([rankedFact("a", ["gone"]), rankedFact("b", [])])).toEqual([]);
  });

  it("lists every distinct pair of a fact contradicting several", () => {
    const pairs = contradictionPairs([rankedFact("a", ["b", "c"]), rankedFact("b", ["a"]), rankedFact("c", ["a"])]);
    expect(pairs.map(([x, y]) => `${x.fact.id}|${y.fact.id}`)).toEqual(["a|b", "a|c"]);
  });
});

describe("assessConfidence (the chatbot memory service's rule)", () => {
  const ok = (n: number, failed = 0) => [...Array.from({ length: n }, () => ({ ok: true })), ...Array.from({ length: failed }, () => ({ ok: false }))];

  it("is LOW without facts, whatever the calls", () => {
    expect(assessConfidence([], ok(10))).toBe("LOW");
  });

  it("is HIGH with 3 facts at 0.8+, a mean of 0.75+ and 70% of calls succeeding", () => {
    expect(assessConfidence([0.8, 0.8, 0.8], ok(7, 3))).toBe("HIGH");
    expect(assessConfidence([0.8, 0.8, 0.8, 0.6], ok(1))).toBe("HIGH"); // mean exactly 0.75
  });

  it("is not HIGH at a tool success rate just under 0.7", () => {
    expect(assessConfidence([0.9, 0.9, 0.9], ok(69, 31))).toBe("MEDIUM");
  });

  it("is not HIGH with only 2 facts at 0.8+, with a fact just under 0.8, or with a mean just under 0.75", () => {
    expect(assessConfidence([0.9, 0.9], ok(3))).toBe("MEDIUM");
    expect(assessConfidence([0.9, 0.9, 0.79], ok(3))).toBe("MEDIUM");
    expect(assessConfidence([0.8, 0.8, 0.8, 0.59], ok(3))).toBe("MEDIUM");
  });

  it("is not HIGH when no call was counted", () => {
    expect(assessConfidence([0.9, 0.9, 0.9], [])).toBe("MEDIUM");
  });

  it("is MEDIUM with 1 fact at 0.8+ and a mean of 0.6+, LOW just below either", () => {
    expect(assessConfidence([0.8, 0.4], ok(1))).toBe("MEDIUM"); // mean exactly 0.6
    expect(assessConfidence([0.8, 0.38], ok(1))).toBe("LOW");
    expect(assessConfidence([0.79, 0.79], ok(1))).toBe("LOW");
  });
});

describe("pickSnippets", () => {
  it("keeps only snippets sharing a word with the conversation, best first, at most max", () => {
    const picked = pickSnippets(
      [snippet({ id: "a", score: 0.2 }), snippet({ id: "b", score: 0.9, lexical: false }), snippet({ id: "c", score: 0.7 }), snippet({ id: "d", score: 0.5 })],
      2,
    );
    expect(picked.map((s) => s.id)).toEqual(["c", "d"]);
  });

  it("keeps one snippet per id, with its best score", () => {
    const picked = pickSnippets([snippet({ id: "a", score: 0.3 }), snippet({ id: "a", score: 0.8 }), snippet({ id: "a", score: 0.5 })], 5);
    expect(picked).toEqual([snippet({ id: "a", score: 0.8 })]);
  });

  it("does not let a better meaning-only copy replace a lexical one", () => {
    expect(pickSnippets([snippet({ id: "a", score: 0.3 }), snippet({ id: "a", score: 0.9, lexical: false })], 5).map((s) => s.score)).toEqual([0.3]);
  });

  it("returns nothing for max 0 or no snippets", () => {
    expect(pickSnippets([snippet({ id: "a" })], 0)).toEqual([]);
    expect(pickSnippets([], 5)).toEqual([]);
  });
});
