import type { Driver } from "neo4j-driver";
import type { CypherToolMode } from "../config/config.js";
import type { Embedder } from "../embeddings/Embedder.js";
import type { EmbeddingWorker } from "../embeddings/embeddingWorker.js";
import type { Logger } from "../logging/logger.js";
import type { WriteEvents } from "../schema/writeEvents.js";
import type { BackgroundTasks } from "../server/backgroundTasks.js";

/**
 * What the hand-written resolvers (retrieval tools, search, facts, memory
 * context) are built with, once at start-up. Per-request state (caller,
 * DataLoaders) lives in the RequestContext instead.
 */
export interface ToolDeps {
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
  /** Who may run read-only Cypher (CYPHER_TOOL): `admin` or `off`. */
  cypherTool: CypherToolMode;
}
