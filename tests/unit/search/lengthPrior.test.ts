import { describe, expect, it } from "vitest";
import { wordCount } from "../../../src/embeddings/wordCount.js";
import { lengthWeight, longWeight } from "../../../src/search/ranking/lengthPrior.js";
import { PLAIN_RANK_OPTIONS, rankCandidates, type CandidateFacts } from "../../../src/search/ranking/rankCandidates.js";

describe("wordCount", () => {
  it("counts runs of non-space characters, and nothing for no text", () => {
    expect(wordCount("Caroline: Thanks, Mel!")).toBe(3);
    expect(wordCount("  spaced\tout\n words  ")).toBe(3);
    expect(wordCount("")).toBe(0);
    expect(wordCount(undefined)).toBeNull();
  });
});

describe("lengthWeight", () => {
  it("leaves a turn of fullWords words or more alone and takes up to share from a shorter one, in proportion", () => {
    expect(lengthWeight(20, 0.6, 20)).toBe(1);
    expect(lengthWeight(80, 0.6, 20)).toBe(1);
    expect(lengthWeight(10, 0.6, 20)).toBeCloseTo(0.7);
    expect(lengthWeight(0, 0.6, 20)).toBeCloseTo(0.4);
  });

  it("changes nothing when the length is unknown or the prior is off", () => {
    expect(lengthWeight(null, 0.6, 20)).toBe(1);
    expect(lengthWeight(undefined, 0.6, 20)).toBe(1);
    expect(lengthWeight(2, 0, 20)).toBe(1);
  });
});

describe("longWeight", () => {
  it("leaves a turn of longWords words or fewer alone and takes share × (1 − longWords / words) from a longer one", () => {
    expect(longWeight(150, 0.5, 150)).toBe(1);
    expect(longWeight(20, 0.5, 150)).toBe(1);
    expect(longWeight(300, 0.5, 150)).toBeCloseTo(0.75);
    expect(longWeight(600, 0.5, 150)).toBeCloseTo(0.625);
  });

  it("never takes more than share, however long the turn", () => {
    expect(longWeight(1e9, 0.5, 150)).toBeGreaterThan(0.5);
    expect(longWeight(1e9, 0.5, 150)).toBeCloseTo(0.5);
  });

  it("changes nothing when the length is unknown or the prior is off", () => {
    expect(longWeight(null, 0.5, 150)).toBe(1);
    expect(longWeight(undefined, 0.5, 150)).toBe(1);
    expect(longWeight(5000, 0, 150)).toBe(1);
  });
});

describe("rankCandidates with the length prior", () => {
  const fact = (id: string, words: number | null): CandidateFacts => ({
    id, occurredAt: null, importance: null, confidence: null, vector: null, mentioned: false, inPeriod: false, words,
  });
  const options = { ...PLAIN_RANK_OPTIONS, lambda: 1, limit: 10, now: new Date("2026-01-01T00:00:00Z"), lengthShare: 0.6, lengthWords: 20 };

  it("puts a substantive turn above a two-word reply ranked just ahead of it, and says why in its parts", () => {
    const ranked = rankCandidates(
      { fulltext: [{ id: "thanks", rank: 1, score: 3 }, { id: "answer", rank: 2, score: 2.9 }], vector: [] },
      [],
      new Map([fact("thanks", 2), fact("answer", 25)].map((f) => [f.id, f])),
      options,
    );
    expect(ranked.map((r) => r.id)).toEqual(["answer", "thanks"]);
    expect(ranked[0]!.parts.length).toBe(1);
    expect(ranked[1]!.parts.length).toBeCloseTo(0.46);
    expect(ranked[1]!.score).toBeCloseTo(ranked[1]!.parts.fused * 0.46);
  });

  it("puts a user's statement above a long answer ranked just ahead of it once the long end is on, and says why in its parts", () => {
    const lists = { fulltext: [{ id: "answer", rank: 1, score: 3 }, { id: "statement", rank: 2, score: 2.9 }], vector: [] };
    const facts = new Map([fact("answer", 600), fact("statement", 40)].map((f) => [f.id, f]));
    expect(rankCandidates(lists, [], facts, { ...options, longShare: 0 }).map((r) => r.id)).toEqual(["answer", "statement"]);
    const ranked = rankCandidates(lists, [], facts, { ...options, longShare: 0.5, longWords: 150 });
    expect(ranked.map((r) => r.id)).toEqual(["statement", "answer"]);
    expect(ranked[1]!.parts.length).toBeCloseTo(0.625);
    expect(ranked[0]!.parts.length).toBe(1);
  });

  it("leaves a candidate without a length (a fact) as it was", () => {
    const ranked = rankCandidates({ fulltext: [{ id: "fact", rank: 1, score: 1 }], vector: [] }, [], new Map([["fact", fact("fact", null)]]), { ...options, longShare: 0.5, longWords: 1 });
    expect(ranked[0]!.parts.length).toBe(1);
  });
});
