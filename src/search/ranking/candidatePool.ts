import { rankedIds } from "./fusion.js";
import type { RankOptions } from "./rankCandidates.js";

/** How deep each retriever's list goes for a search of `limit` results. Pure. */
export function listDepth(limit: number): number {
  return Math.min(200, Math.max(30, limit * 4));
}

/**
 * The fused hits kept as candidates (three times the limit, at least 30), and
 * the best of them that bring their neighbours (graph expansion): at most
 * `expansionSeeds`, and only those that have neighbours to bring. Pure.
 */
export function candidatePool(
  fused: ReadonlyMap<string, number>,
  limit: number,
  expansionSeeds: number,
  isExpandable: (id: string) => boolean,
): { pool: string[]; seeds: string[] } {
  const pool = rankedIds(fused).slice(0, Math.max(limit * 3, 30));
  const seeds = pool.slice(0, Math.min(limit, expansionSeeds)).filter(isExpandable);
  return { pool, seeds };
}

/**
 * A node's closeness to the query: its own cosine and its contextual cosine
 * (embedded with the turn before it) mixed by `contextWeight`; a node without
 * a contextual vector counts its own twice. A text too long for the model
 * gains `passageShare` of the way to its closest passage's cosine when that is
 * higher (embeddings/passages.ts). The vector query computes the same in
 * Cypher (searchQueries.ts, `closeness` and `towardPassages`); this is its
 * pure twin for offline evaluation and tests.
 */
export function closenessOf(own: number, context: number | null, contextWeight: number, passage: number | null = null, passageShare = 1): number {
  const mixed = (1 - contextWeight) * own + contextWeight * (context ?? own);
  return passage !== null && passage > mixed ? mixed + passageShare * (passage - mixed) : mixed;
}

/** What decides a node's mix of own and contextual closeness. */
export type ClosenessOptions = Pick<RankOptions, "contextWeight" | "afterLongContextWeight" | "afterLongWords" | "passageShare">;

/**
 * The share of the contextual cosine in a node's closeness: `contextWeight`,
 * or `afterLongContextWeight` when the turn before it was longer than
 * `afterLongWords` words (`priorWords`, stored by the embedding worker). A
 * contextual vector holds only the end of the turn before
 * (embeddings/longText.ts): after a short chat line that end is the whole
 * line, the question a reply answers; after a long assistant answer it is the
 * answer's closing lines, which say little about the reply. The vector query
 * computes the same in Cypher (searchQueries.ts, `closeness`). Pure.
 */
export function contextWeightOf(priorWords: number | null | undefined, { contextWeight, afterLongContextWeight, afterLongWords }: Omit<ClosenessOptions, "passageShare">): number {
  return priorWords != null && priorWords > afterLongWords ? afterLongContextWeight : contextWeight;
}
