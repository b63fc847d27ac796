import type { Driver } from "../../graph/driver.js";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { EmbeddingWorker } from "../../core/embedder.js";
import type { EmbeddedType } from "../../core/schemaFacts.js";
import { embeddingBacklog } from "../../embeddings/embeddingBacklog.js";
import type { FeedObserver } from "../../feed/index.js";
import { openSessionCount } from "../../game/index.js";
import type { DatabaseAvailability } from "../../graph/availability.js";
import { poolUsage } from "../../graph/poolUsage.js";
import type { Logger } from "../../logging/logger.js";
import type { RetrieveRunReport } from "../../retrieveContext/index.js";
import { memoryAgentMetrics } from "./memoryAgentMetrics.js";
import type { ExtractionBacklog } from "../../extraction/index.js";

/** What the gauges read when Prometheus scrapes. */
export interface MetricSources {
  driver: Driver;
  database: string;
  availability: DatabaseAvailability;
  embeddedTypes: readonly EmbeddedType[];
  embeddings: EmbeddingWorker;
  logger: Logger;
  /** The extraction queue, when a worker runs (EXTRACTION is not off). */
  extractionBacklog?: () => Promise<ExtractionBacklog>;
}

/** One registry per gateway (tests run several in one process), and the recorders the parts report to. */
export interface GatewayMetrics {
  registry: Registry;
  retrieveRun: (run: RetrieveRunReport) => void;
  rateLimited: (budget: string) => void;
  feed: FeedObserver;
}

/** Seconds from an event's commit to its delivery: IMMEDIATE ones within milliseconds, BATCH ones by their interval. */
const FEED_LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];

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
  if (sources.extractionBacklog) extractionGauges(registers, sources.extractionBacklog, availability, logger);
  const refusals = new Counter({ name: "mnemograph_rate_limited_total", help: "Operations refused with RATE_LIMITED, by budget", labelNames: ["budget"], registers });

  const subscribers = new Gauge({ name: "mnemograph_feed_subscribers", help: "knowledgeFeed subscriptions open on this gateway", registers });
  const lag = new Histogram({
    name: "mnemograph_feed_delivery_lag_seconds",
    help: "From an event's commit to its delivery to a subscriber, by delivery mode (REPLAY: a reconnecting subscriber catching up)",
    labelNames: ["mode"],
    buckets: FEED_LAG_BUCKETS,
    registers,
  });

  return {
    registry,
    retrieveRun: memoryAgentMetrics(registry),
    rateLimited: (budget) => refusals.inc({ budget }),
    feed: {
      subscribers: (delta) => subscribers.inc(delta),
      delivered: (mode, lags) => {
        for (const seconds of lags) lag.observe({ mode }, Math.max(0, seconds));
      },
    },
  };
}

/** Operations running against Neo4j and waiting for their turn (server/limits/admission.ts), read at each scrape. */
export function registerAdmissionGauges(registry: Registry, admission: { readonly running: number; readonly waiting: number; readonly refused: number }): void {
  const registers = [registry];
  new Gauge({
    name: "mnemograph_operations_running",
    help: "Queries and mutations running now (at most MAX_CONCURRENT_OPERATIONS)",
    registers,
    collect() {
      this.set(admission.running);
    },
  });
  new Gauge({
    name: "mnemograph_operations_waiting",
    help: "Queries and mutations waiting for a turn to run (at most MAX_QUEUED_OPERATIONS; refused after OPERATION_QUEUE_TIMEOUT_MS)",
    registers,
    collect() {
      this.set(admission.waiting);
    },
  });
  new Counter({
    name: "mnemograph_operations_busy_total",
    help: "Queries and mutations refused with SERVICE_BUSY: the line was full, or the wait too long",
    registers,
    collect() {
      this.reset();
      this.inc(admission.refused);
    },
  });
}

/** The extraction queue: depth by status and the lag of the oldest message waiting (one read per scrape). */
function extractionGauges(registers: Registry[], backlog: () => Promise<ExtractionBacklog>, availability: DatabaseAvailability, logger: Logger) {
  let last: Promise<ExtractionBacklog | null> | null = null;
  // Both gauges are collected in one scrape: they share one read.
  const read = () => {
    last ??= (availability.up ? backlog() : Promise.resolve(null)).finally(() => setTimeout(() => (last = null), 1000).unref());
    return last;
  };
  new Gauge({
    name: "mnemograph_extraction_queue_depth",
    help: "Messages waiting for the extraction worker (pending) and given up on after repeated errors (failed)",
    labelNames: ["status"],
    registers,
    async collect() {
      await guarded(logger, "extraction_queue_depth", async () => {
        const b = await read();
        if (!b) return;
        this.set({ status: "pending" }, b.pending);
        this.set({ status: "failed" }, b.failed);
      });
    },
  });
  new Gauge({
    name: "mnemograph_extraction_lag_seconds",
    help: "How long the oldest message waiting for extraction has waited (0 when caught up)",
    registers,
    async collect() {
      await guarded(logger, "extraction_lag_seconds", async () => {
        const b = await read();
        if (b) this.set(b.oldestPendingSeconds);
      });
    },
  });
  new Gauge({
    name: "mnemograph_extraction_paused",
    help: "1 while an operator has paused extraction for every gateway on the database",
    registers,
    async collect() {
      await guarded(logger, "extraction_paused", async () => {
        const b = await read();
        if (b) this.set(b.paused ? 1 : 0);
      });
    },
  });
}
