import OpenAI from "openai";
import type { Embedder } from "../core/embedder.js";

const DIMENSIONS = 384;
const BATCH_SIZE = 128;

/**
 * Embeddings from any OpenAI-compatible `/embeddings` endpoint (OpenAI,
 * Ollama, vLLM, llama.cpp). Vectors must have 384 dimensions, the size of the
 * vector indexes: `dimensions` is requested, and any other size is refused.
 */
/** The endpoint's tokenizer is not known here: a token counts as 4 characters, about what English text averages. */
const CHARS_PER_TOKEN = 4;

export function createOpenAiEmbedder(options: { baseUrl: string; apiKey: string; model: string; maxTokens?: number }): Embedder {
  const client = new OpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey || "none", maxRetries: 3, timeout: 30_000 });

  async function embed(texts: readonly string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let i = 0; i < texts.length; i += BATCH_SIZE) {
      const input = texts.slice(i, i + BATCH_SIZE);
      // Plain floats: the client would ask for base64 by default, which Ollama and llama.cpp do not all speak.
      const response = await client.embeddings.create({ model: options.model, input, dimensions: DIMENSIONS, encoding_format: "float" });
      const batch = [...response.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      const wrong = batch.find((v) => v.length !== DIMENSIONS);
      if (wrong || batch.length !== input.length) {
        throw new Error(
          `Embedding endpoint ${options.baseUrl} (model ${options.model}) returned ${batch.length} vectors of ${wrong?.length ?? DIMENSIONS} dimensions; ${input.length} of ${DIMENSIONS} are needed`,
        );
      }
      vectors.push(...batch);
    }
    return vectors;
  }

  return {
    model: `openai:${options.model}`,
    dimensions: DIMENSIONS,
    window: { maxTokens: options.maxTokens ?? 512, countTokens: (text) => Math.ceil(text.length / CHARS_PER_TOKEN) },
    embedPassages: embed,
    embedQueries: embed,
    close: async () => {},
  };
}
