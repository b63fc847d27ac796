import { describe, expect, it } from "vitest";
import { MEMORY_SCORE_WEIGHTS, scoreMemories } from "../../../src/knowledge/ranking/memoryScore.js";

const best = 2 / 61; // first in both lists, k = 60

describe("scoreMemories", () => {
  it("scores 0.6·relevance + 0.25·confidence + 0.15·centrality, each scaled to 0..1", () => {
    const [top, other] = scoreMemories([
      { id: "a", fused: best, confidence: 1, pageRank: 0.4 },
      { id: "b", fused: best / 2, confidence: 0.5, pageRank: 0.1 },
    ]);
    expect(top).toEqual({ id: "a", relevance: 1, centrality: 1, score: 1 });
    expect(other!.id).toBe("b");
    expect(other!.relevance).toBeCloseTo(0.5, 12);
    expect(other!.centrality).toBeCloseTo(0.25, 12);
    expect(other!.score).toBeCloseTo(0.6 * 0.5 + 0.25 * 0.5 + 0.15 * 0.25, 12);
    expect(MEMORY_SCORE_WEIGHTS.relevance + MEMORY_SCORE_WEIGHTS.confidence + MEMORY_SCORE_WEIGHTS.centrality).toBeCloseTo(1, 12);
  });

  it("lets confidence and centrality reorder hits of equal relevance", () => {
    const ranked = scoreMemories([
      { id: "unsure", fused: best / 2, confidence: 0.2, pageRank: 0.3 },
      { id: "sure-central", fused: best / 2, confidence: 0.9, pageRank: 0.3 },
      { id: "sure-peripheral", fused: best / 2, confidence: 0.9, pageRank: 0.1 },
    ]);
    expect(ranked.map((r) => r.id)).toEqual(["sure-central", "sure-peripheral", "unsure"]);
  });

  it("keeps relevance first: a clearly better match beats a surer, more central one", () => {
    const ranked = scoreMemories([
      { id: "central", fused: 1 / 70, confidence: 1, pageRank: 1 },
      { id: "match", fused: best, confidence: 0.5, pageRank: 0 },
    ]);
    expect(ranked.map((r) => r.id)).toEqual(["match", "central"]);
  });

  it("gives centrality 0 when no candidate is in the subgraph, and breaks ties by id", () => {
    const ranked = scoreMemories([
      { id: "b", fused: best, confidence: 0.5, pageRank: 0 },
      { id: "a", fused: best, confidence: 0.5, pageRank: 0 },
    ]);
    expect(ranked.map((r) => [r.id, r.centrality])).toEqual([["a", 0], ["b", 0]]);
  });
});
