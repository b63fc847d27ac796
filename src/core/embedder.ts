/** Dimensions of the sentence-embedding vectors (both candidate local models give 384). */
export const EMBEDDING_DIMENSIONS = 384;

/**
 * Turns text into 384-dimensional unit vectors. Queries and stored passages
 * are embedded differently by some models (BGE prefixes queries), so the two
 * are separate calls.
 */
export interface Embedder {
  /** Stored beside every vector as `embeddingModel`. */
  readonly model: string;
  readonly dimensions: number;
  /** Embeds texts that will be stored and searched. */
  embedPassages(texts: readonly string[]): Promise<number[][]>;
  /**
   * How much text one vector can hold: a text longer than `maxTokens` (as
   * `countTokens` counts it, the model's own markers left out) is embedded as
   * passages (embeddings/passages.ts) instead of being cut short by the model.
   * Without it every text is embedded whole.
   */
  readonly window?: EmbeddingWindow;
  /** Embeds search queries. */
  embedQueries(texts: readonly string[]): Promise<number[][]>;
  /**
   * Whether the model answers now: false after a failed embedding until a
   * re-check succeeds (embeddings/modelHealth.ts). /health's `model_loaded`;
   * an embedder without it counts as loaded.
   */
  loaded?(): Promise<boolean>;
  close(): Promise<void>;
}

/** The input window of an embedding model. */
export interface EmbeddingWindow {
  maxTokens: number;
  countTokens(text: string): number;
}

/** Embeds what the gateway writes, after the commit (embeddings/embeddingWorker.ts runs it). */
export interface EmbeddingWorker {
  /** Something was written: look for pending nodes soon (of these node types only, when the write names them). */
  wake(labels?: readonly string[]): void;
  /** Resolves once nothing is pending (every write so far is embedded) and the word indexes hold every write so far. */
  drain(): Promise<void>;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
  /** How far behind the writes it is, for metrics. */
  stats(): EmbeddingWorkerStats;
}

export interface EmbeddingWorkerStats {
  /** When the oldest write not yet embedded woke it (ms since the epoch), or null when it has caught up. */
  behindSince: number | null;
  /** Passes that failed in a row (0 once one succeeds). */
  failures: number;
}
