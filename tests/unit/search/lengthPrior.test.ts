import { describe, expect, it } from "vitest";
import { lengthWeight, wordCount } from "../../../src/search/ranking/lengthPrior.js";
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

  it("leaves a candidate without a length (a fact) as it was", () => {
    const ranked = rankCandidates({ fulltext: [{ id: "fact", rank: 1, score: 1 }], vector: [] }, [], new Map([["fact", fact("fact", null)]]), options);
    expect(ranked[0]!.parts.length).toBe(1);
  });
});
