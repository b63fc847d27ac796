import type { GraphTarget } from "../graph/executor.js";
import type { Config } from "../config/config.js";
import type { Embedder } from "../core/embedder.js";
import type { OutboxSequencer } from "../core/outboxEvent.js";
import { DEFAULT_SIMILARITY_THRESHOLD } from "./consolidate.js";
import { createReflectionModel, type ReflectionModel } from "./reflectionModel.js";

/** What the belief and memory tools are built with, once at start-up. */
export interface BeliefDeps {
  driver: GraphTarget["driver"];
  database: string;
  /** Embeds experiences and beliefs for deterministic consolidation. */
  embedder: Embedder;
  /** The clock of reflections, supersessions and pool entries. */
  now: () => Date;
  /** The configured chat model (LLM_BASE_URL), or null: consolidation always serves. */
  model: ReflectionModel | null;
  /** SHARED_POOL_THRESHOLD. */
  poolThreshold: number;
  /** Cosine similarity at which experiences cluster and match a belief (consolidate.ts). */
  similarityThreshold: number;
  /** Types implementing Knowledge (SchemaFacts.knowledgeLabels): what memoryShare accepts. */
  knowledgeLabels: readonly string[];
  /** Numbers the feed events a write staged, once it has committed. */
  outbox: OutboxSequencer;
}

/** The belief tools' dependencies from the configuration, the shared parts and the SDL; once at start-up. */
export function createBeliefDeps(
  config: Pick<Config, "llm" | "sharedPool">,
  shared: Pick<BeliefDeps, "driver" | "database" | "embedder" | "now" | "outbox">,
  knowledgeLabels: readonly string[],
): BeliefDeps {
  return {
    ...shared,
    model: config.llm ? createReflectionModel(config.llm) : null,
    poolThreshold: config.sharedPool.threshold,
    similarityThreshold: DEFAULT_SIMILARITY_THRESHOLD,
    knowledgeLabels,
  };
}
