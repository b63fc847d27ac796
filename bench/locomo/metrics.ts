/** Retrieval metrics of one question: ranked dialog ids against the evidence ids. Pure. */
export interface QuestionScores {
  recall5: number;
  recall10: number;
  recall20: number;
  hit10: number;
  mrr: number;
  ndcg10: number;
}

/** Share of the evidence found in the first k results. */
export function recallAt(ranked: readonly string[], evidence: readonly string[], k: number): number {
  if (evidence.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return evidence.filter((e) => top.has(e)).length / evidence.length;
}

/** Binary-relevance NDCG@k. */
export function ndcgAt(ranked: readonly string[], evidence: readonly string[], k: number): number {
  const relevant = new Set(evidence);
  const dcg = ranked.slice(0, k).reduce((sum, id, i) => sum + (relevant.has(id) ? 1 / Math.log2(i + 2) : 0), 0);
  const ideal = Array.from({ length: Math.min(k, relevant.size) }, (_, i) => 1 / Math.log2(i + 2)).reduce((a, b) => a + b, 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

export function scoreQuestion(ranked: readonly string[], evidence: readonly string[]): QuestionScores {
  const relevant = new Set(evidence);
  const first = ranked.findIndex((id) => relevant.has(id));
  return {
    recall5: recallAt(ranked, evidence, 5),
    recall10: recallAt(ranked, evidence, 10),
    recall20: recallAt(ranked, evidence, 20),
    hit10: first >= 0 && first < 10 ? 1 : 0,
    mrr: first >= 0 ? 1 / (first + 1) : 0,
    ndcg10: ndcgAt(ranked, evidence, 10),
  };
}

/** Mean of each metric. */
export function meanScores(all: readonly QuestionScores[]): QuestionScores {
  const keys = ["recall5", "recall10", "recall20", "hit10", "mrr", "ndcg10"] as const;
  const n = Math.max(all.length, 1);
  return Object.fromEntries(keys.map((k) => [k, all.reduce((s, q) => s + q[k], 0) / n])) as unknown as QuestionScores;
}

/** p-th percentile (0..100) by nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
