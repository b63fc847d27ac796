import type { Config } from "../config/config.js";
import type { Embedder, EmbeddingWorker } from "../core/embedder.js";
import type { SchemaFacts } from "../core/schemaFacts.js";
import type { WorkClaims } from "../core/workClaims.js";
import { createEmbeddingWorker } from "../embeddings/embeddingWorker.js";
import { createFactEmbeddingPass } from "../facts/index.js";
import type { Driver } from "../graph/driver.js";
import type { Logger } from "../logging/logger.js";

/**
 * The embedding worker over the SDL's embedded types, as the gateway and the backfill run it. Facts
 * are relationships: their own pass embeds the ones written through generated CRUD.
 */
export function embeddingWorkerFor(
  config: Config,
  { driver, database, embedder, schema, logger, claims }: { driver: Driver; database: string; embedder: Embedder; schema: SchemaFacts; logger: Logger; claims?: WorkClaims },
): EmbeddingWorker {
  return createEmbeddingWorker({
    driver,
    database,
    embedder,
    claims,
    contextMode: config.embeddingContext,
    pollMs: config.embeddingPollSeconds * 1000,
    keys: config.searchSharedKeys,
    types: schema.embeddedTypes,
    extraPasses: [createFactEmbeddingPass({ driver, database, types: schema.factTypes })],
    extraPassLabels: ["Person", ...schema.factRelations.map((r) => r.target)],
    logger: logger.child({ component: "embeddings" }),
  });
}
