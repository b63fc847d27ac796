/**
 * `npm run provision`: fetches Neo4j and APOC, and the configured local
 * embedding model (EMBEDDING_MODEL, unless EMBEDDING_BASE_URL names an
 * endpoint), into the cache without starting anything (CI and Docker images
 * use it to warm the cache, so the gateway downloads nothing at start-up).
 */
import { loadConfig } from "../config/config.js";
import { LOCAL_MODELS } from "../config/embeddingModels.js";
import { provisionModel } from "../embeddings/provisionModel.js";
import { provisionNeo4j } from "../graph/local/provisionNeo4j.js";

const config = loadConfig();
const log = (m: string) => process.stdout.write(`${m}\n`);
const runtime = await provisionNeo4j(config.neo4j.cacheDir, log);
log(`Neo4j ${runtime.version} ready in ${runtime.libDir}`);
if (config.embeddings.provider === "local") {
  const files = await provisionModel(LOCAL_MODELS[config.embeddings.model]!, config.neo4j.cacheDir, log);
  log(`Embedding model ${config.embeddings.model} ready in ${files.onnxPath}`);
}
