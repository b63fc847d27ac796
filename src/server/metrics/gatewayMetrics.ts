import type { Driver } from "neo4j-driver";
import { collectDefaultMetrics, Counter, Gauge, Registry } from "prom-client";
import type { EmbeddingWorker } from "../../core/embedder.js";
import type { EmbeddedType } from "../../core/schemaFacts.js";
import { embeddingBacklog } from "../../embeddings/embeddingBacklog.js";
import { openSessionCount } from "../../game/index.js";
import type { DatabaseAvailability } from "../../graph/availability.js";
import { poolUsage } from "../../graph/poolUsage.js";
import type { Logger } from "../../logging/logger.js";
import type { RetrieveRunReport } from "../../retrieveContext/index.js";
import { memoryAgentMetrics } from "./memoryAgentMetrics.js";

/** What the gauges read when Prometheus scrapes. */
export interface MetricSources {
  driver: Driver;
  database: string;
  availability: DatabaseAvailability;
  embeddedTypes: readonly EmbeddedType[];
  embeddings: EmbeddingWorker;
  logger: Logger;
}

/** One registry per gateway (tests run several in one process), and the recorders the parts report to. */
export interface GatewayMetrics {
  registry: Registry;
  retrieveRun: (run: RetrieveRunReport) => void;
  rateLimited: (budget: string) => void;
}

/** Runs a gauge's read; a failure (Neo4j down) leaves the gauge unset for this scrape instead of failing it. */
async function guarded(logger: Logger, what: string, read: () => Promise<void>): Promise<void> {
  try {
    await read();
  } catch (err) {
    logger.debug({ err, gauge: what }, "A metrics gauge could not be read");
  }
}

export function createGatewayMetrics(sources: MetricSources): GatewayMetrics {
  const { driver, database, availability, embeddedTypes, embeddings, logger } = sources;
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  new Gauge({
    name: "mnemograph_neo4j_up",
    help: "1 while Neo4j answers the gateway's probes, else 0",
    registers,
    collect() {
      this.set(availability.up ? 1 : 0);
    },
  });
  new Gauge({
    name: "mnemograph_neo4j_pool_connections",
    help: "Connections of the Neo4j driver's pool, in use by a session or idle",
    labelNames: ["state"],
    registers,
    collect() {
      const usage = poolUsage(driver);
      if (!usage) return;
      this.set({ state: "in_use" }, usage.inUse);
      this.set({ state: "idle" }, usage.idle);
    },
  });
  new Gauge({
    name: "mnemograph_embedding_queue_depth",
    help: "Nodes waiting for their vector (PENDING), by label",
    labelNames: ["label"],
    registers,
    async collect() {
      await guarded(logger, "embedding_queue_depth", async () => {
        if (!availability.up) return;
        for (const [label, pending] of Object.entries(await embeddingBacklog(driver, database, embeddedTypes))) this.set({ label }, pending);
      });
    },
  });
  new Gauge({
    name: "mnemograph_embedding_lag_seconds",
    help: "How long the oldest write not yet embedded has waited (0 when caught up)",
    registers,
    collect() {
      const { behindSince } = embeddings.stats();
      this.set(behindSince === null ? 0 : (Date.now() - behindSince) / 1000);
    },
  });
  new Gauge({
    name: "mnemograph_game_sessions_open",
    help: "Game sessions still ACTIVE",
    registers,
    async collect() {
      await guarded(logger, "game_sessions_open", async () => {
        if (availability.up) this.set(await openSessionCount(driver, database));
      });
    },
  });
  const refusals = new Counter({ name: "mnemograph_rate_limited_total", help: "Operations refused with RATE_LIMITED, by budget", labelNames: ["budget"], registers });

  return {
    registry,
    retrieveRun: memoryAgentMetrics(registry),
    rateLimited: (budget) => refusals.inc({ budget }),
  };
}
