import type { Driver } from "neo4j-driver";

/** Connections of the driver's pool lent out to sessions, and those waiting idle. */
export interface PoolUsage {
  inUse: number;
  idle: number;
}

interface PoolInternals {
  _activeResourceCounts?: Record<string, number>;
  _pools?: Record<string, { length?: number }>;
}

/**
 * Reads the pool's counts. neo4j-driver keeps them private (no public API in
 * 6.x), so this reads its internals defensively: a driver of another shape
 * gives null and the gauges are left out rather than wrong.
 */
export function poolUsage(driver: Driver): PoolUsage | null {
  const pool = (driver as unknown as { _connectionProvider?: { _connectionPool?: PoolInternals } })._connectionProvider?._connectionPool;
  if (!pool?._activeResourceCounts || !pool._pools) return null;
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    inUse: sum(Object.values(pool._activeResourceCounts).map(Number)),
    idle: sum(Object.values(pool._pools).map((p) => Number(p.length ?? 0))),
  };
}
