import type { Driver } from "neo4j-driver";
import type { EmbeddedType } from "../core/schemaFacts.js";

/**
 * How many nodes of each embedded type wait for their vector (PENDING): one
 * index-backed count per type (`<label>_embedding_status`), for metrics.
 * Labels come from the SDL (embeddedTypes checks them), never from input.
 */
export async function embeddingBacklog(driver: Driver, database: string, types: readonly EmbeddedType[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { label } of types) {
    const { records } = await driver.executeQuery(
      `MATCH (n:${label}) WHERE n.embeddingStatus = 'PENDING' RETURN count(n) AS pending`,
      {},
      { database, routing: "READ" },
    );
    counts[label] = Number(records[0]?.get("pending") ?? 0);
  }
  return counts;
}
