import type { ListHit } from "./rankCandidates.js";

/**
 * Several retrievers' lists of the same kind of score (cosine, BM25 of one
 * index, shared-key rarity) as one list: ordered by score, ranked from 1,
 * cut at `depth`. Each kind of node has its own index, so a list per index
 * is read, but fusion must see one list per retriever: per-index ranks would
 * give the best of a kind with three nodes the weight of the best memory.
 * Scores equal at 1e-9 (the shared-key list's own tie rule) keep the lists'
 * order, so one list comes back in its own order. Pure.
 */
export function mergeByScore(lists: readonly (readonly ListHit[])[], depth: number): ListHit[] {
  const rounded = (score: number) => Math.round(score * 1e9);
  return lists
    .flat()
    .map((hit, order) => ({ hit, order, key: rounded(hit.score) }))
    .sort((a, b) => b.key - a.key || a.order - b.order)
    .slice(0, depth)
    .map(({ hit }, i) => ({ ...hit, rank: i + 1 }));
}
