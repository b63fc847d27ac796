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
  /** Embeds search queries. */
  embedQueries(texts: readonly string[]): Promise<number[][]>;
  close(): Promise<void>;
}
