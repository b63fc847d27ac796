import type { RequestHandler } from "express";
import type { Driver } from "../graph/driver.js";
import type { DatabaseAvailability } from "../graph/availability.js";
import { describeServer } from "../graph/driver.js";
import type { ExtractionBacklog } from "../extraction/index.js";
import type { Admission } from "./limits/admission.js";

export interface HealthState {
  /** True once migrations ran and the indexes are online. */
  schemaReady: boolean;
  migrations: number;
  startedAt: number;
  /** Whether the embedding model (or endpoint) answers now: the last embedding's outcome, re-checked after a failure (Embedder.loaded). */
  modelLoaded: () => Promise<boolean>;
  /** The gateway's version (package.json). */
  version: string;
  /** False while the start-up warm-up runs (app/warmUp.ts): ready only after it. */
  warmedUp: boolean;
}

export interface HealthDeps {
  driver: Driver;
  database: string;
  state: HealthState;
  availability: DatabaseAvailability;
  /** The extraction queue (depth, lag, paused), when a worker runs. */
  extractionBacklog?: () => Promise<ExtractionBacklog>;
  /** The line operations wait in (server/limits/admission.ts). */
  admission?: Pick<Admission, "running" | "waiting" | "refused" | "limits">;
}

/**
 * `GET /health`: 200 when Neo4j answers, the schema is ready and the embedding model answers, 503 otherwise,
 * with the details either way: `status` ("healthy" or "unhealthy", as the
 * chatbot memory service reports it), `neo4j`, `schema`, and the service's
 * `neo4j_connected`, `model_loaded` (whether the embedding model answers now), `version`, the extraction queue and the operations' line. While the probes say Neo4j is down it is not
 * asked again, so the answer comes at once.
 */
export function healthHandler(deps: HealthDeps): RequestHandler {
  const { driver, database, state, availability } = deps;
  return async (_req, res) => {
    const server = availability.up ? await describeServer(driver, database) : null;
    const extraction = server && deps.extractionBacklog ? await deps.extractionBacklog().catch(() => null) : null;
    const modelLoaded = await state.modelLoaded();
    const healthy = server !== null && state.schemaReady && modelLoaded;
    res.status(healthy ? 200 : 503).json({
      status: healthy ? "healthy" : "unhealthy",
      neo4j: { connected: server !== null, version: server?.version ?? null, edition: server?.edition ?? null },
      schema: { ready: state.schemaReady, migrations: state.migrations },
      uptimeSeconds: Math.round((Date.now() - state.startedAt) / 1000),
      // Facts learned from messages: how many wait, how long the oldest has, whether an operator paused it.
      ...(deps.extractionBacklog ? { extraction } : {}),
      // How busy the gateway is: its limits, what runs and waits now, how many were refused SERVICE_BUSY since start.
      ...(deps.admission
        ? {
            operations: {
              maxConcurrent: deps.admission.limits.maxConcurrent,
              maxQueued: deps.admission.limits.maxQueued,
              queueTimeoutMs: deps.admission.limits.queueTimeoutMs,
              running: deps.admission.running,
              waiting: deps.admission.waiting,
              refusedBusy: deps.admission.refused,
            },
          }
        : {}),
      healthy,
      neo4j_connected: server !== null,
      model_loaded: modelLoaded,
      version: state.version,
    });
  };
}

/** `GET /health/live`: the process is up and answers HTTP (an orchestrator restarts it when this fails). */
export const liveHandler: RequestHandler = (_req, res) => {
  res.status(200).json({ status: "live" });
};

/**
 * `GET /health/ready`: 200 when the gateway can serve (Neo4j reachable,
 * migrations applied, embedding model answering), else 503, so a load balancer
 * stops sending traffic during a database outage. Answers from state kept
 * by the probes and by the last embedding: no query per call, and a short
 * embedding only to re-check a model that failed.
 */
export function readyHandler(deps: HealthDeps): RequestHandler {
  const { state, availability } = deps;
  return async (_req, res) => {
    // Ready to serve: Neo4j answers its probes, migrations are applied, the model answers, the warm-up is done.
    const modelLoaded = await state.modelLoaded();
    const ready = availability.up && state.schemaReady && modelLoaded && state.warmedUp;
    res.status(ready ? 200 : 503).json({
      status: ready ? "ready" : "unavailable",
      neo4j_connected: availability.up,
      schema_ready: state.schemaReady,
      model_loaded: modelLoaded,
      warmed_up: state.warmedUp,
      ...(availability.up ? {} : { unavailableSinceSeconds: Math.round((Date.now() - availability.since) / 1000) }),
    });
  };
}
