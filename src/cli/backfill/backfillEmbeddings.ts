import { loadConfig } from "../../config/config.js";
import { createLogger } from "../../logging/logger.js";
import { withStore } from "../../app/withStore.js";
import { embeddingWorkerFor } from "../../app/embeddingWorkerFor.js";
import { createEmbedder } from "../../embeddings/createEmbedder.js";
import { markStale } from "../../embeddings/markStale.js";
import { markStaleFacts } from "../../facts/index.js";

/**
 * Embeds every node and fact that has no vector or one of another model (after
 * a change of EMBEDDING_MODEL), then returns what it queued. It starts what the
 * gateway's embedding worker runs on (Neo4j, the model, the worker), no gateway:
 * run it with the gateway stopped (the embedded Neo4j allows one process), or
 * against a shared server with NEO4J_URI.
 */
export async function backfillEmbeddings(): Promise<{ model: string; queued: Record<string, number>; total: number; seconds: number }> {
  const config = loadConfig({ ...process.env, PORT: "0" });
  const logger = createLogger({ logLevel: config.logLevel }, { toStderr: true });
  return withStore(config, logger, async ({ driver, database, schema, stack }) => {
    const embedder = await stack.start(() => createEmbedder(config.embeddings, config.neo4j.cacheDir, (m) => logger.info(m)), (e) => e.close());
    const worker = await stack.start(() => embeddingWorkerFor(config, { driver, database, embedder, schema, logger }), (w) => w.stop());
    const started = performance.now();
    const queued = {
      ...(await markStale(driver, database, schema.embeddedTypes, embedder.model)),
      ...(await markStaleFacts(driver, database, schema.factTypes, embedder.model)),
    };
    await worker.drain();
    const total = Object.values(queued).reduce((a, b) => a + b, 0);
    return { model: embedder.model, queued, total, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) };
  });
}
