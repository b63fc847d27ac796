import type { DocumentNode } from "graphql";
import { factIndexName, factRelations } from "../../facts/factRelations.js";
import { EMBEDDING_DIMENSIONS, type Migration } from "./migrations.js";

/**
 * One relationship vector index per fact type (Neo4j 5.26 indexes
 * relationships by one type each), over the `embedding` that assertFacts and
 * the fact embedding pass write. Derived from the SDL's `Fact` relationships.
 */
export function factIndexes(document: DocumentNode): Migration[] {
  return factRelations(document).map(({ type }) => ({
    name: factIndexName(type),
    cypher: `CREATE VECTOR INDEX ${factIndexName(type)} IF NOT EXISTS FOR ()-[r:${type}]-() ON r.embedding OPTIONS { indexConfig: { \`vector.dimensions\`: ${EMBEDDING_DIMENSIONS}, \`vector.similarity_function\`: 'cosine' } }`,
  }));
}
