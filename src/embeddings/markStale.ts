import { executor, type GraphTarget } from "../graph/executor.js";
import type { EmbeddedType } from "../core/schemaFacts.js";

/**
 * Queues for the embedding worker every node of the embedded types that has
 * no vector, or one made by another model (after EMBEDDING_MODEL changed):
 * they become PENDING and are searchable by full text meanwhile. Returns how
 * many nodes were queued, per label.
 */
export function markStale(driver: GraphTarget["driver"], database: string, types: readonly EmbeddedType[], model: string): Promise<Record<string, number>> {
  // Labels come from the SDL (embeddedTypes checks them), never from input.
  const statements = types.map(({ label }) => ({
    key: label,
    cypher: `MATCH (n:${label})
       WHERE n.embeddingStatus IS NULL OR (n.embeddingStatus = 'READY' AND (n.embeddingModel IS NULL OR n.embeddingModel <> $model))
       CALL (n) { SET n.embeddingStatus = 'PENDING' } IN TRANSACTIONS OF 5000 ROWS
       RETURN count(n) AS queued`,
  }));
  return countQueued(driver, database, statements, { model });
}

/**
 * Runs queueing statements one after another, each returning `queued`, and
 * gives their counts by key. CALL … IN TRANSACTIONS needs an auto-commit
 * transaction: the executor's `write` (safe to retry: marking PENDING again
 * changes nothing).
 */
export async function countQueued(
  driver: GraphTarget["driver"],
  database: string,
  statements: readonly { key: string; cypher: string }[],
  params: Record<string, unknown>,
): Promise<Record<string, number>> {
  const graph = executor({ driver, database });
  const queued: Record<string, number> = {};
  for (const { key, cypher } of statements) {
    const [count] = await graph.write({ cypher, params, decode: (row) => row.number("queued") });
    queued[key] = count ?? 0;
  }
  return queued;
}
