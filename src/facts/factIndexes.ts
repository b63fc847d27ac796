import type { DocumentNode } from "graphql";
import { factIndexName, factRelations, factStatusIndexName } from "./factRelations.js";
import { EMBEDDING_DIMENSIONS } from "../core/embedder.js";
import { type Migration } from "../graph/migrations/migration.js";

/**
 * Per fact type (Neo4j 5.26 indexes relationships by one type each), derived
 * from the SDL's `Fact` relationships:
 * - a vector index over the `embedding` that assertFacts and the fact
 *   embedding pass write;
 * - a range index over `embeddingStatus`, so the pass finds PENDING facts
 *   without reading every fact;
 * - the status of facts written before it existed: PENDING when they have no
 *   vector or changed since it was made, else READY. Finding them reads every
 *   fact of the type once per start (statuses are not indexed when missing).
 */
export function factIndexes(document: DocumentNode): Migration[] {
  return factRelations(document).flatMap(({ type }) => [
    {
      name: factIndexName(type),
      cypher: `CREATE VECTOR INDEX ${factIndexName(type)} IF NOT EXISTS FOR ()-[r:${type}]-() ON r.embedding OPTIONS { indexConfig: { \`vector.dimensions\`: ${EMBEDDING_DIMENSIONS}, \`vector.similarity_function\`: 'cosine' } }`,
    },
    {
      name: factStatusIndexName(type),
      cypher: `CREATE INDEX ${factStatusIndexName(type)} IF NOT EXISTS FOR ()-[r:${type}]-() ON (r.embeddingStatus)`,
    },
    {
      // retractFact and the people tools find a fact by its id.
      name: `fact_${type.toLowerCase()}_id`,
      cypher: `CREATE INDEX fact_${type.toLowerCase()}_id IF NOT EXISTS FOR ()-[r:${type}]-() ON (r.factId)`,
    },
    {
      name: `${factStatusIndexName(type)}_backfill`,
      data: true,
      cypher: `MATCH ()-[r:${type}]->() WHERE r.embeddingStatus IS NULL
        CALL (r) {
          SET r.embeddingStatus = CASE WHEN r.embeddingKey IS NULL OR (r.updatedAt IS NOT NULL AND (r.embeddedAt IS NULL OR r.updatedAt > r.embeddedAt))
                                       THEN 'PENDING' ELSE 'READY' END
        } IN TRANSACTIONS OF 5000 ROWS`,
    },
  ]);
}
