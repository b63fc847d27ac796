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
 * whole scope. Pure.
 */
export function sharedKeyList(queryKeys: readonly string[], turns: readonly KeyedTurn[], depth: number): { id: string; rank: number; score: number }[] {
  const wanted = new Set(queryKeys);
  const df = keyFrequencies(turns);
  const total = turns.length;
  return turns
    .map((t) => ({ id: t.id, at: t.at ?? 0, score: [...new Set(t.keys)].filter((k) => wanted.has(k)).reduce((s, k) => s + rarity(df.get(k)!, total), 0) }))
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score || a.at - b.at)
    .slice(0, depth)
    .map((h, i) => ({ id: h.id, score: h.score, rank: i + 1 }));
}

/**
 * The second hop: each seed's rare keys (held by at most `maxShare` of the
 * scope's turns, and by more than the seed) pull in the other turns that hold
 * them, as links from the seed. `holders` are the turns holding any of the
 * seeds' keys (the read returns them). Pure.
 */
export function keyHops(
  seeds: readonly KeyedTurn[],
  holders: readonly KeyedTurn[],
  maxDf: number,
): { id: string; of: string }[] {
  const df = keyFrequencies(holders);
  const byKey = new Map<string, string[]>();
  for (const h of holders) {
    for (const k of new Set(h.keys)) {
      const ids = byKey.get(k);
      if (ids) ids.push(h.id);
      else byKey.set(k, [h.id]);
    }
  }
  const links: { id: string; of: string }[] = [];
  for (const seed of seeds) {
    const reached = new Set<string>();
    for (const k of seed.keys) {
      const n = df.get(k) ?? 0;
      if (n < 2 || n > maxDf) continue;
      for (const id of byKey.get(k) ?? []) if (id !== seed.id) reached.add(id);
    }
    for (const id of reached) links.push({ id, of: seed.id });
  }
  return links;
}

/** Every key of some seeds: the hop reads their holders, then keeps the rare ones (keyHops). Pure. */
export const seedKeys = (seeds: readonly KeyedTurn[]) => [...new Set(seeds.flatMap((s) => s.keys))];
