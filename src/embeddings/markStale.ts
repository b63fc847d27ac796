import type { Driver } from "neo4j-driver";
import type { EmbeddedType } from "./embeddedTypes.js";

/**
 * Queues for the embedding worker every node of the embedded types that has
 * no vector, or one made by another model (after EMBEDDING_MODEL changed):
 * they become PENDING and are searchable by full text meanwhile. Returns how
 * many nodes were queued, per label.
 */
export async function markStale(driver: Driver, database: string, types: readonly EmbeddedType[], model: string): Promise<Record<string, number>> {
  const queued: Record<string, number> = {};
  // CALL … IN TRANSACTIONS needs an auto-commit transaction: a plain session.run.
  const session = driver.session({ database });
  try {
    for (const { label } of types) {
      // Labels come from the SDL (embeddedTypes checks them), never from input.
      const { records } = await session.run(
      `MATCH (n:${label})
       WHERE n.embeddingStatus IS NULL OR (n.embeddingStatus = 'READY' AND (n.embeddingModel IS NULL OR n.embeddingModel <> $model))
       CALL (n) { SET n.embeddingStatus = 'PENDING' } IN TRANSACTIONS OF 5000 ROWS
       RETURN count(n) AS queued`,
        { model },
      );
      queued[label] = Number(records[0]?.get("queued") ?? 0);
    }
  } finally {
    await session.close();
  }
  return queued;
}
