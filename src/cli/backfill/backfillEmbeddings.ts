import { loadConfig } from "../../config/config.js";
import { createLogger } from "../../logging/logger.js";
import { startApp } from "../../app/startApp.js";
import { markStale } from "../../embeddings/markStale.js";
import { markStaleFacts } from "../../facts/index.js";

/**
 * Embeds every node and fact that has no vector or one of another model (after
 * a change of EMBEDDING_MODEL), then returns what it queued. It starts the
 * gateway's app in this process: run it with the gateway stopped (the embedded
 * Neo4j allows one process), or against a shared server with NEO4J_URI.
 */
export async function backfillEmbeddings(): Promise<{ model: string; queued: Record<string, number>; total: number; seconds: number }> {
  const config = loadConfig({ ...process.env, PORT: "0" });
  const app = await startApp(config, createLogger({ logLevel: config.logLevel }, { toStderr: true }));
  try {
    const started = performance.now();
    const queued = {
      ...(await markStale(app.driver, config.neo4j.database, app.schema.embeddedTypes, app.embedder.model)),
      ...(await markStaleFacts(app.driver, config.neo4j.database, app.schema.factTypes, app.embedder.model)),
    };
    await app.embeddings.drain();
    const total = Object.values(queued).reduce((a, b) => a + b, 0);
    return { model: app.embedder.model, queued, total, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) };
  } finally {
    await app.stop();
  }
}
