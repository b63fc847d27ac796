/**
 * `npm run embeddings:backfill`: embeds every node and fact that has no
 * vector or one from another model (after a change of EMBEDDING_MODEL), then exits. Run it
 * with the gateway stopped (the embedded Neo4j allows one process), or
 * against a shared server with NEO4J_URI.
 */
import { loadConfig } from "../config/config.js";
import { createLogger } from "../logging/logger.js";
import { startApp } from "../app/startApp.js";
import { markStale } from "../embeddings/markStale.js";
import { markStaleFacts } from "../facts/index.js";

const config = loadConfig({ ...process.env, PORT: "0" });
const logger = createLogger({ logLevel: config.logLevel });
const app = await startApp(config, logger);
try {
  const started = performance.now();
  const queued = {
    ...(await markStale(app.driver, config.neo4j.database, app.schema.embeddedTypes, app.embedder.model)),
    ...(await markStaleFacts(app.driver, config.neo4j.database, app.schema.factTypes, app.embedder.model)),
  };
  const total = Object.values(queued).reduce((a, b) => a + b, 0);
  process.stdout.write(`Queued ${total} nodes and facts for ${app.embedder.model}: ${JSON.stringify(queued)}\n`);
  await app.embeddings.drain();
  process.stdout.write(`Embedded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
} finally {
  await app.stop();
}
