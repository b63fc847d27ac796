import { LRUCache } from "lru-cache";

/** The Discord agent squad: memories barely change within a conversation; five minutes of reuse saves the queries. */
export const MEMORY_CONTEXT_TTL_MS = 5 * 60_000;

/** Generations of the whole cache, of a tenant and of one agent in it, read when a computation starts. */
export interface CacheStamp {
  all: number;
  tenant: number;
  agent: number;
}

export interface MemoryContextCache<V> {
  /** The generations to store a value with: take it before reading Neo4j. */
  stamp(tenantId: string, agentId: string): CacheStamp;
  /** A fresh value, or undefined when absent, expired or invalidated since its stamp. */
  get(key: string, tenantId: string, agentId: string): V | undefined;
  set(key: string, value: V, stamp: CacheStamp): void;
  /** Everything cached about one agent's memories goes stale. */
  invalidateAgent(tenantId: string, agentId: string): void;
  /** Everything cached in a tenant goes stale. */
  invalidateTenant(tenantId: string): void;
  /** Everything goes stale: invalidations may have been missed (the other gateways were out of reach). */
  invalidateAll(): void;
}

export interface CacheOptions {
  /** Milliseconds now, e.g. `() => deps.now().getTime()`: tests move it. */
  clock: () => number;
  ttlMs?: number;
  maxEntries?: number;
}

/**
 * An LRU cache with a TTL whose invalidation is by generation: each tenant and
 * each (tenant, agent) has a counter that a write bumps, and an entry is valid
 * only while the counters it was stamped with are current. The stamp is taken
 * before the database is read, so a value computed while a write committed is
 * never served (it carries the old generation). Invalidation is O(1).
 */
export function createMemoryContextCache<V extends object>({ clock, ttlMs = MEMORY_CONTEXT_TTL_MS, maxEntries = 2000 }: CacheOptions): MemoryContextCache<V> {
  // ttlResolution 0: read the clock on every check instead of caching it for a millisecond with a timer.
  const entries = new LRUCache<string, { value: V; stamp: CacheStamp }>({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: { now: clock } });
  const tenants = new Map<string, number>();
  const agents = new Map<string, number>();
  let all = 0;
  const agentKey = (tenantId: string, agentId: string) => JSON.stringify([tenantId, agentId]);
  const stamp = (tenantId: string, agentId: string): CacheStamp => ({
    all,
    tenant: tenants.get(tenantId) ?? 0,
    agent: agents.get(agentKey(tenantId, agentId)) ?? 0,
  });
  return {
    stamp,
    get(key, tenantId, agentId) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const now = stamp(tenantId, agentId);
      if (entry.stamp.all === now.all && entry.stamp.tenant === now.tenant && entry.stamp.agent === now.agent) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, at) {
      entries.set(key, { value, stamp: at });
    },
    invalidateAgent(tenantId, agentId) {
      const k = agentKey(tenantId, agentId);
      agents.set(k, (agents.get(k) ?? 0) + 1);
    },
    invalidateTenant(tenantId) {
      tenants.set(tenantId, (tenants.get(tenantId) ?? 0) + 1);
    },
    invalidateAll() {
      all += 1;
    },
  };
}
