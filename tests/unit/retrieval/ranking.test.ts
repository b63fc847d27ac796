import { describe, expect, it } from "vitest";
import { fuseRanked, rankedIds, reciprocalRankFusion } from "../../../src/search/ranking/fusion.js";
import { unitCosine as cosine } from "../../../src/embeddings/vectorMath.js";
import { maximalMarginalRelevance } from "../../../src/search/ranking/mmr.js";
import { PLAIN_RANK_OPTIONS, rankCandidates, type CandidateFacts } from "../../../src/search/ranking/rankCandidates.js";
import { mentionsParticipant } from "../../../src/search/ranking/mentions.js";
import { DEFAULT_WEIGHTING, recencyWeight, shareWeight } from "../../../src/search/ranking/weighting.js";

const NOW = new Date("2026-11-22T00:00:00Z");
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

describe("reciprocal-rank fusion", () => {
  it("adds 1/(k + rank) from every list, so items found by both lists rise above items first in one", () => {
    const fused = reciprocalRankFusion([{ ids: ["a", "b", "c"] }, { ids: ["b", "d"] }], 60);
    expect(fused.get("a")).toBeCloseTo(1 / 61);
    expect(fused.get("b")).toBeCloseTo(1 / 62 + 1 / 61);
    expect(rankedIds(fused)).toEqual(["b", "a", "d", "c"]);
  });

  it("uses the ranks given with each entry and honours weights", () => {
    const fused = fuseRanked([
      { id: "x", rank: 1, weight: 2 },
      { id: "y", rank: 1 },
    ]);
    expect(fused.get("x")).toBeCloseTo(2 / 61);
    expect(fused.get("y")).toBeCloseTo(1 / 61);
  });
});

describe("weights", () => {
  it("recency: full weight for 30 days, then halving every 90 days down to the floor", () => {
    expect(recencyWeight(daysAgo(1), NOW)).toBe(1);
    expect(recencyWeight(daysAgo(30), NOW)).toBe(1);
    expect(recencyWeight(daysAgo(120), NOW)).toBeCloseTo(Math.max(DEFAULT_WEIGHTING.recencyFloor, 0.5));
    expect(recencyWeight(daysAgo(60), NOW)).toBeCloseTo(Math.pow(0.5, 30 / 90));
    expect(recencyWeight(daysAgo(3000), NOW)).toBe(DEFAULT_WEIGHTING.recencyFloor);
    expect(recencyWeight(null, NOW)).toBe(1);
  });

  it("importance and confidence move only their share of the score, and clamp odd values", () => {
    expect(shareWeight(1, 0.5)).toBe(1);
    expect(shareWeight(0, 0.5)).toBe(0.5);
    expect(shareWeight(0.5, 0.5)).toBe(0.75);
    expect(shareWeight(null, 0.5)).toBe(1);
    expect(shareWeight(7, 0.5)).toBe(1);
    expect(shareWeight(Number.NaN, 0.5)).toBe(1);
  });
});

describe("maximal marginal relevance", () => {
  const candidates = [
    { id: "a", score: 1, vector: [1, 0] },
    { id: "a-twin", score: 0.95, vector: [1, 0] },
    { id: "b", score: 0.6, vector: [0, 1] },
  ];

  it("with lambda 1 keeps the order of relevance", () => {
    expect(maximalMarginalRelevance(candidates, 3, 1).map((p) => p.id)).toEqual(["a", "a-twin", "b"]);
  });

  it("with a lower lambda prefers a different result over a near-duplicate, and reports the penalty", () => {
    const picked = maximalMarginalRelevance(candidates, 3, 0.5);
    expect(picked.map((p) => p.id)).toEqual(["a", "b", "a-twin"]);
    expect(picked[2]!.redundancy).toBeCloseTo(1);
  });

  it("never penalises candidates without a vector", () => {
    const picked = maximalMarginalRelevance([{ id: "a", score: 1, vector: [1, 0] }, { id: "n", score: 0.9, vector: null }], 2, 0.5);
    expect(picked).toEqual([
      { id: "a", redundancy: 0 },
      { id: "n", redundancy: 0 },
    ]);
  });

  it("cosine of unit vectors is their dot product", () => {
    expect(cosine([0.6, 0.8], [0.6, 0.8])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 1])).toBe(0);
  });
});

describe("participant mentions", () => {
  it("match whole names in order, case-insensitively", () => {
    expect(mentionsParticipant("When did caroline go to the support group?", ["Caroline"])).toBe(true);
    expect(mentionsParticipant("What did Mel Smith paint?", ["Mel Smith"])).toBe(true);
    expect(mentionsParticipant("Where does Alice live?", ["Al"])).toBe(false);
    expect(mentionsParticipant("Où est Ögedei ?", ["ögedei"])).toBe(true);
    expect(mentionsParticipant("anything", [])).toBe(false);
    expect(mentionsParticipant("anything", null)).toBe(false);
  });
});

describe("rankCandidates", () => {
  const fact = (id: string, over: Partial<CandidateFacts> = {}): CandidateFacts => ({
    id,
    occurredAt: daysAgo(1),
    importance: 1,
    confidence: 1,
    vector: null,
    mentioned: false,
    inPeriod: false,
    ...over,
  });
  const options = { ...PLAIN_RANK_OPTIONS, lambda: 1, limit: 10, now: NOW };

  it("explains every score: list ranks, fusion, graph share, weights", () => {
    const ranked = rankCandidates(
      { fulltext: [{ id: "a", rank: 1, score: 7.5 }], vector: [{ id: "a", rank: 2, score: 0.8 }, { id: "b", rank: 1, score: 0.9 }] },
      [{ id: "n", of: "a" }],
      new Map([fact("a"), fact("b"), fact("n")].map((f) => [f.id, f])),
      options,
    );
    expect(ranked.map((r) => r.id)).toEqual(["a", "b", "n"]);
    const a = ranked[0]!.parts;
    expect(a).toMatchObject({ fulltextRank: 1, fulltextScore: 7.5, vectorRank: 2, vectorScore: 0.8, graph: 0, recency: 1 });
    expect(a.fused).toBeCloseTo(1 / (options.rrfK + 1) + 1 / (options.rrfK + 2));
    const n = ranked[2]!.parts;
    expect(n.graph).toBeCloseTo(a.fused * options.neighbourShare);
    expect(n.expandedFrom).toEqual(["a"]);
    expect(ranked[2]!.score).toBeCloseTo(n.graph);
  });

  it("an old, unimportant, doubtful memory falls below a fresh, important one with the same ranks", () => {
    const ranked = rankCandidates(
      { fulltext: [{ id: "old", rank: 1, score: 1 }, { id: "new", rank: 2, score: 1 }], vector: [{ id: "new", rank: 1, score: 1 }, { id: "old", rank: 2, score: 1 }] },
      [],
      new Map([fact("old", { occurredAt: daysAgo(400), importance: 0.1, confidence: 0.2 }), fact("new")].map((f) => [f.id, f])),
      options,
    );
    expect(ranked.map((r) => r.id)).toEqual(["new", "old"]);
    expect(ranked[1]!.parts.recency).toBe(DEFAULT_WEIGHTING.recencyFloor);
  });

  it("boosts a candidate that happened in the period the query names, and says so in its parts", () => {
    const ranked = rankCandidates(
      { fulltext: [{ id: "other", rank: 1, score: 1 }, { id: "then", rank: 2, score: 1 }], vector: [] },
      [],
      new Map([fact("other"), fact("then", { inPeriod: true })].map((f) => [f.id, f])),
      { ...options, periodBoost: 2 },
    );
    expect(ranked.map((r) => r.id)).toEqual(["then", "other"]);
    expect(ranked[0]!.parts.time).toBe(2);
    expect(ranked[1]!.parts.time).toBe(1);
  });

  it("boosts a candidate whose participants the query names", () => {
    const ranked = rankCandidates(
      { fulltext: [{ id: "other", rank: 1, score: 1 }, { id: "named", rank: 2, score: 1 }], vector: [] },
      [],
      new Map([fact("other"), fact("named", { mentioned: true })].map((f) => [f.id, f])),
      options,
    );
    expect(ranked.map((r) => r.id)).toEqual(["named", "other"]);
    expect(ranked[0]!.parts.participant).toBe(options.participantBoost);
  });

  it("drops hits it has no facts for (not readable) and honours the limit", () => {
    const ranked = rankCandidates(
      { fulltext: [{ id: "hidden", rank: 1, score: 1 }, { id: "a", rank: 2, score: 1 }, { id: "b", rank: 3, score: 1 }], vector: [] },
      [],
      new Map([fact("a"), fact("b")].map((f) => [f.id, f])),
      { ...options, limit: 1 },
    );
    expect(ranked.map((r) => r.id)).toEqual(["a"]);
  });
});
