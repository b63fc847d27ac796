import type { RequestHandler } from "express";
import type { Driver } from "neo4j-driver";
import { describeServer } from "../graph/driver.js";

export interface HealthState {
  /** True once migrations ran and the indexes are online. */
  schemaReady: boolean;
  migrations: number;
  startedAt: number;
}

/**
 * `GET /health`: 200 when Neo4j answers and the schema is ready, 503 otherwise,
 * with the details either way.
 */
export function healthHandler(driver: Driver, database: string, state: HealthState): RequestHandler {
  return async (_req, res) => {
    const server = await describeServer(driver, database);
    const healthy = server !== null && state.schemaReady;
    res.status(healthy ? 200 : 503).json({
      status: healthy ? "ok" : "unavailable",
      neo4j: { connected: server !== null, version: server?.version ?? null, edition: server?.edition ?? null },
      schema: { ready: state.schemaReady, migrations: state.migrations },
      uptimeSeconds: Math.round((Date.now() - state.startedAt) / 1000),
    });
  };
}
