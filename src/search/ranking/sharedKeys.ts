/** A turn and its keys, as the key lists read them. */
export interface KeyedTurn {
  id: string;
  keys: readonly string[];
  /** When it happened (epoch ms): among equal scores the earlier turn ranks first, whatever order the read returned. */
  at?: number | null;
}

/** How often each key occurs among these turns (document frequency). Pure. */
export function keyFrequencies(turns: readonly KeyedTurn[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const t of turns) for (const k of new Set(t.keys)) df.set(k, (df.get(k) ?? 0) + 1);
  return df;
}

/** A key's rarity among `total` turns: ln(1 + total / df). */
const rarity = (df: number, total: number) => Math.log(1 + total / Math.max(1, df));

/**
 * The turns that share the query's keys, best first: each scores the summed
 * rarity of the keys it shares (a key few turns hold says more than one many
 * do). `turns` are those holding at least one query key (the read returns
 * them); rarity is counted among them, so the read needs no count of the
 * whole scope. Scores equal to 1e-9 tie and the earlier turn goes first. The
 * live search computes the same in Cypher (searchQueries.ts, `sharedKeyHits`);
 * this is its twin for the offline replay and tests. Pure.
 */
export function sharedKeyList(queryKeys: readonly string[], turns: readonly KeyedTurn[], depth: number): { id: string; rank: number; score: number }[] {
  const wanted = new Set(queryKeys);
  const df = keyFrequencies(turns);
  const total = turns.length;
  return turns
    .map((t) => ({ id: t.id, at: t.at ?? 0, score: [...new Set(t.keys)].filter((k) => wanted.has(k)).reduce((s, k) => s + rarity(df.get(k)!, total), 0) }))
    .filter((h) => h.score > 0)
    .sort((a, b) => Math.round(b.score * 1e9) - Math.round(a.score * 1e9) || a.at - b.at)
    .slice(0, depth)
    .map((h, i) => ({ id: h.id, score: h.score, rank: i + 1 }));
}
