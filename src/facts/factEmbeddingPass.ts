import type { Driver } from "neo4j-driver";
import type { Embedder } from "../embeddings/Embedder.js";
import type { EmbeddingPass } from "../embeddings/embeddingWorker.js";
import { cypherInt } from "../tools/readQuery.js";
import { FACT_ROW, rowAttributes, type FactRow } from "./factRecord.js";
import { factEmbeddingKey, factText } from "./factText.js";

export interface FactEmbeddingPassOptions {
  driver: Driver;
  database: string;
  /** The fact relationship types (factRelations(document).map(r => r.type)). */
  types: readonly string[];
  batchSize?: number;
}

// Stale: never embedded, embedded by another model, or changed (generated CRUD stamps updatedAt) since.
const PENDING = `
  MATCH (p:Person)-[r]->(o)
  WHERE type(r) IN $types
    AND (r.embeddingKey IS NULL OR r.embeddingModel <> $model OR (r.updatedAt IS NOT NULL AND (r.embeddedAt IS NULL OR r.updatedAt > r.embeddedAt)))
  WITH p, r, o LIMIT $limit
  RETURN ${FACT_ROW} AS fact, toString(r.updatedAt) AS version`;

// Written only if the fact has not changed since it was read (its updatedAt is the one read).
const WRITE = `
  UNWIND $rows AS row
  MATCH ()-[r]->() WHERE elementId(r) = row.id AND coalesce(toString(r.updatedAt), '') = coalesce(row.version, '')
  CALL db.create.setRelationshipVectorProperty(r, 'embedding', row.vector)
  SET r.embeddingKey = row.key, r.embeddingModel = $model, r.embeddedAt = coalesce(r.updatedAt, datetime())
  RETURN count(r) AS written`;

/**
 * The embedding worker's pass over facts: embeds, one batch per call, the
 * fact relationships whose vector is missing or stale (facts written through
 * generated CRUD, or by another model), with the text of seed 004 §5.1.
 * Returns how many it handled; 0 when none are left.
 */
export function createFactEmbeddingPass({ driver, database, types, batchSize = 128 }: FactEmbeddingPassOptions): EmbeddingPass {
  return async (embedder: Embedder) => {
    const { records } = await driver.executeQuery(PENDING, { types, model: embedder.model, limit: cypherInt(batchSize) }, { database, routing: "READ" });
    if (records.length === 0) return 0;
    const rows = records.map((rec) => {
      const row = rec.get("fact") as FactRow;
      const text = factText({ personName: row.personName, type: row.type, objectName: row.object, attributes: rowAttributes(row) });
      return { id: row.elementId, version: rec.get("version") as string | null, text };
    });
    const vectors = await embedder.embedPassages(rows.map((r) => r.text));
    await driver.executeQuery(
      WRITE,
      { model: embedder.model, rows: rows.map((r, i) => ({ id: r.id, version: r.version, vector: vectors[i], key: factEmbeddingKey(embedder.model, r.text) })) },
      { database },
    );
    return records.length;
  };
}
