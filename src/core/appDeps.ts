import type { Driver } from "neo4j-driver";
import type { CypherToolMode } from "../config/config.js";
import type { OutboxSequencer } from "./outboxEvent.js";
import type { Embedder } from "./embedder.js";
import type { EmbeddingWorker } from "./embedder.js";
import type { Logger } from "../logging/logger.js";
import type { SchemaFacts } from "./schemaFacts.js";
import type { WriteEvents } from "./writeEvents.js";
import type { BackgroundTasks } from "./backgroundTasks.js";
import type { GatewayPeers } from "./gatewayPeers.js";
import type { NodeTransfers } from "./nodeTransfer.js";

/**
 * What the hand-written resolvers (retrieval tools, search, facts, memory
 * context) are built with, once at start-up. Per-request state (caller,
 * DataLoaders) lives in the RequestContext instead.
 */
export interface AppDeps {
  driver: Driver;
  database: string;
  embedder: Embedder;
  embeddings: EmbeddingWorker;
  logger: Logger;
  /** Committed writes through the gateway (cache invalidation). */
  writes: WriteEvents;
  /** Writes a request starts without waiting for them (run records). */
  background: BackgroundTasks;
  /** The clock; tests pin it. */
  now: () => Date;
  /** Who may run read-only Cypher (CYPHER_TOOL): `tenant` (every agent, scoped), `operator` or `off`. */
  cypherTool: CypherToolMode;
  /** What the SDL says, read and derived once at start-up. */
  schema: SchemaFacts;
  /** searchMemories also reads shared keys (SEARCH_SHARED_KEYS). */
  sharedKeys: boolean;
  /** Tags a recorded interaction gets before its topic's when its writer sends none (INTERACTION_TAGS; `conversation` when unset). */
  interactionTags?: readonly string[];
  /** Numbers the feed events a write staged, once it has committed. */
  outbox: OutboxSequencer;
  /** The other gateways sharing this one's Redis (REDIS_URL), told of stale caches and new feed events; SINGLE_PROCESS without. */
  peers: GatewayPeers;
  /** What a tenant export and import carry besides the graph, by label (a screenshot's bytes on disk); none when absent. */
  nodeTransfers?: NodeTransfers;
}
