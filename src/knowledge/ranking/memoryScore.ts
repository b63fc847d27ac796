/**
 * How memoryQuery orders its hits: mostly by how well a node matches the
 * topic, then how sure its author is, then how central it is in the caller's
 * knowledge graph (PageRank). Weights sum to 1, every part is 0..1, so a score
 * is 0..1 too.
 */
export const MEMORY_SCORE_WEIGHTS = { relevance: 0.6, confidence: 0.25, centrality: 0.15 } as const;

export interface MemoryCandidate {
  id: string;
  /** Reciprocal-rank fusion of the full-text and vector lists. */
  fused: number;
  confidence: number;
  /** PageRank in the subgraph; 0 when the node is outside it. */
  pageRank: number;
}

export interface ScoredMemory {
  id: string;
  score: number;
  relevance: number;
  centrality: number;
}

/**
 * Scores and orders candidates, best first (ties by id). Relevance is the
 * fused score over the best a node can get (first in both lists:
 * 2 / (rrfK + 1)); centrality is PageRank over the candidates' highest. Pure.
 */
export function scoreMemories(candidates: readonly MemoryCandidate[], rrfK = 60, weights = MEMORY_SCORE_WEIGHTS): ScoredMemory[] {
  const bestFused = 2 / (rrfK + 1);
  const topRank = Math.max(0, ...candidates.map((c) => c.pageRank));
  return candidates
    .map((c) => {
      const relevance = Math.min(1, c.fused / bestFused);
      const centrality = topRank > 0 ? c.pageRank / topRank : 0;
      const confidence = Math.min(1, Math.max(0, c.confidence));
      return { id: c.id, relevance, centrality, score: weights.relevance * relevance + weights.confidence * confidence + weights.centrality * centrality };
    })
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}
