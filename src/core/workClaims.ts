/**
 * Work that every gateway process could pick up from Neo4j on its own (a PENDING node to embed): a claim says
 * which process does it, so that with several gateways on one store it is done once, not once per gateway.
 * Over Redis when the gateways share one (REDIS_URL, redis/redisClaims.ts); on one process every claim is
 * granted, and the worker's own bookkeeping keeps its batches apart.
 *
 * A claim is a hint about who is working, never the work's state: that stays in Neo4j (PENDING until written).
 * So a claim that lapses (its process died) or cannot be asked (Redis away) costs time or duplicate work,
 * never a lost write.
 */
export interface WorkClaims {
  /**
   * Which of `keys` this process may work on now: those it claimed for `ttlMs`, or already held. Never throws:
   * when the claims cannot be asked, every key is granted (the work may then be done twice; it is never lost).
   */
  claim(kind: ClaimKind, keys: readonly string[], ttlMs: number): Promise<Set<string>>;
  /**
   * Gives claims back once their work is written or given up (they would lapse after their ttl anyway): at
   * once, or `lingerMs` later. A claim that lingers after the work is written keeps off a process that read
   * the node before the write committed, which would otherwise claim it and do the work again. Never throws.
   */
  release(kind: ClaimKind, keys: readonly string[], lingerMs?: number): Promise<void>;
}

/** The closed set of kinds of work claimed, so a name cannot be mistyped at one end. */
export type ClaimKind = "embedding";

/** One process: nobody else works on the store, so every claim is granted. */
export const EVERY_CLAIM_GRANTED: WorkClaims = {
  claim: async (_kind, keys) => new Set(keys),
  release: async () => {},
};
