/**
 * Reciprocal-rank fusion (Cormack et al., 2009): every list adds
 * `weight / (k + rank)` for each item it ranks (ranks count from 1). Items
 * found by several lists rise; the raw scores of the lists, which are not
 * comparable (BM25 vs cosine), are ignored. Pure.
 */
export function reciprocalRankFusion(
  lists: readonly { ids: readonly string[]; weight?: number }[],
  k = 60,
): Map<string, number> {
  return fuseRanked(
    lists.flatMap(({ ids, weight = 1 }) => ids.map((id, index) => ({ id, rank: index + 1, weight }))),
    k,
  );
}

/** The same fusion over entries that carry their rank within their own list. Pure. */
export function fuseRanked(entries: readonly { id: string; rank: number; weight?: number }[], k = 60): Map<string, number> {
  const fused = new Map<string, number>();
  for (const { id, rank, weight = 1 } of entries) fused.set(id, (fused.get(id) ?? 0) + weight / (k + rank));
  return fused;
}

/** Ids of a score map, best first; ties keep the order in which ids were first seen. */
export function rankedIds(scores: ReadonlyMap<string, number>): string[] {
  return [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}
