import { executor, type GraphTarget } from "../graph/executor.js";
import { noRows, type Row } from "../graph/statement.js";
import type { Embedder } from "../core/embedder.js";
import type { EmbeddingPass } from "../embeddings/embeddingWorker.js";
import { countQueued } from "../embeddings/markStale.js";
import { cypherInt } from "../graph/readQuery.js";
import { FACT_ROW, rowAttributes, factRowOf } from "./factRecord.js";
import { safeFactTypes } from "./factRelations.js";
import { factEmbeddingKey, factText } from "./factText.js";

export interface FactEmbeddingPassOptions {
  driver: GraphTarget["driver"];
  database: string;
  /** The fact relationship types (factRelations(document).map(r => r.type)). */
  types: readonly string[];
  batchSize?: number;
}

/**
 * The PENDING facts, at most $limit, found through each type's status index
 * (factIndexes.ts): PENDING since assertFacts wrote them without a vector,
 * generated CRUD created or updated them (@populatedBy), or a change of model
 * queued them (markStale). Types come from the SDL (factRelations), never
 * from input.
 */
const pending = (types: readonly string[]) => `
  CALL () {
    ${types.map((t) => `MATCH ()-[r:${t}]->() WHERE r.embeddingStatus = 'PENDING' RETURN r LIMIT $limit`).join("\n    UNION ALL\n    ")}
  }
  WITH r LIMIT $limit
  MATCH (p:Person)-[r]->(o)
  RETURN ${FACT_ROW} AS fact, toString(r.updatedAt) AS version`;

// Written only if the fact has not changed since it was read (its updatedAt is the one read); a change since keeps it PENDING.
const WRITE = `
  UNWIND $rows AS row
  MATCH ()-[r]->() WHERE elementId(r) = row.id AND coalesce(toString(r.updatedAt), '') = coalesce(row.version, '')
  CALL db.create.setRelationshipVectorProperty(r, 'embedding', row.vector)
  SET r.embeddingKey = row.key, r.embeddingModel = $model, r.embeddedAt = coalesce(r.updatedAt, datetime()), r.embeddingStatus = 'READY'
  RETURN count(r) AS written`;

/**
 * The embedding worker's pass over facts: embeds, one batch per call, the
 * PENDING fact relationships (written through generated CRUD, without a
 * vector, or queued for a new model), with the text of the chatbot memory service.
 * Returns how many it handled; 0 when none are left.
 */
export function createFactEmbeddingPass({ driver, database, types, batchSize = 128 }: FactEmbeddingPassOptions): EmbeddingPass {
  if (types.length === 0) return async () => 0;
  const PENDING = pending(safeFactTypes(types));
  const graph = executor({ driver, database });
  const readPending = { cypher: PENDING, params: { limit: cypherInt(batchSize) }, decode: (r: Row) => ({ fact: factRowOf(r.row("fact")), version: r.stringOrNull("version") }) };
  return async (embedder: Embedder) => {
    const pendingRows = await graph.readTransaction((tx) => tx.run(readPending));
    if (pendingRows.length === 0) return 0;
    const rows = pendingRows.map(({ fact: row, version }) => {
      const text = factText({ personName: row.personName, type: row.type, objectName: row.object, attributes: rowAttributes(row) });
      return { id: row.elementId, version, text };
    });
    const vectors = await embedder.embedPassages(rows.map((r) => r.text));
    const params = { model: embedder.model, rows: rows.map((r, i) => ({ id: r.id, version: r.version, vector: vectors[i], key: factEmbeddingKey(embedder.model, r.text) })) };
    // A fact deleted while the statement ran (its person erased, the warm-up tenant removed) fails the whole
    // statement: run it again without it rather than lose the batch's vectors.
    await graph.writeTransaction((tx) => tx.run(noRows(WRITE, params)), { rerunIfVanished: true });
    return pendingRows.length;
  };
}

/**
 * Queues for the pass every READY fact embedded by another model than
 * `model` (after EMBEDDING_MODEL changed; `npm run embeddings:backfill`), as
 * markStale does for nodes. Returns how many facts were queued, per type.
 */
export function markStaleFacts(driver: GraphTarget["driver"], database: string, types: readonly string[], model: string): Promise<Record<string, number>> {
  const statements = safeFactTypes(types).map((type) => ({
    key: type,
    cypher: `MATCH ()-[r:${type}]->() WHERE r.embeddingStatus = 'READY' AND (r.embeddingModel IS NULL OR r.embeddingModel <> $model)
       CALL (r) { SET r.embeddingStatus = 'PENDING' } IN TRANSACTIONS OF 5000 ROWS
       RETURN count(r) AS queued`,
  }));
  return countQueued(driver, database, statements, { model });
}
