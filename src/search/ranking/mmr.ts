import { unitCosine } from "../../embeddings/vectorMath.js";


export interface MmrCandidate {
  id: string;
  score: number;
  vector: readonly number[] | null;
}

/**
 * Maximal marginal relevance (Carbonell & Goldstein, 1998): picks, one at a
 * time, the candidate with the best `lambda * relevance - (1 - lambda) *
 * max similarity to those already picked`. Relevance is the candidate's score
 * scaled to 0..1 so both terms are comparable; candidates without a vector
 * are never penalised. Returns the picked ids with the penalty each paid. Pure.
 */
export function maximalMarginalRelevance(
  candidates: readonly MmrCandidate[],
  k: number,
  lambda: number,
): { id: string; redundancy: number }[] {
  if (lambda >= 1) return [...candidates].sort((a, b) => b.score - a.score).slice(0, k).map((c) => ({ id: c.id, redundancy: 0 }));
  const top = Math.max(...candidates.map((c) => c.score), Number.MIN_VALUE);
  const remaining = [...candidates];
  const picked: { candidate: MmrCandidate; redundancy: number }[] = [];
  while (picked.length < k && remaining.length > 0) {
    let best = 0;
    let bestValue = -Infinity;
    let bestRedundancy = 0;
    remaining.forEach((c, i) => {
      const redundancy = c.vector
        ? Math.max(0, ...picked.filter((p) => p.candidate.vector).map((p) => unitCosine(c.vector!, p.candidate.vector!)))
        : 0;
      const value = lambda * (c.score / top) - (1 - lambda) * redundancy;
      if (value > bestValue) {
        bestValue = value;
        best = i;
        bestRedundancy = redundancy;
      }
    });
    picked.push({ candidate: remaining[best]!, redundancy: bestRedundancy });
    remaining.splice(best, 1);
  }
  return picked.map((p) => ({ id: p.candidate.id, redundancy: p.redundancy }));
}
