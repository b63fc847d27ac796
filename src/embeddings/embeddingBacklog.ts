import { executor, type GraphTarget } from "../graph/executor.js";
import type { Row } from "../graph/statement.js";
import type { EmbeddedType } from "../core/schemaFacts.js";

/**
 * How many nodes of each embedded type wait for their vector (PENDING): one
 * index-backed count per type (`<label>_embedding_status`), for metrics.
 * Labels come from the SDL (embeddedTypes checks them), never from input.
 */
export async function embeddingBacklog(driver: GraphTarget["driver"], database: string, types: readonly EmbeddedType[]): Promise<Record<string, number>> {
  const graph = executor({ driver, database });
  const counts: Record<string, number> = {};
  for (const { label } of types) {
    const statement = { cypher: `MATCH (n:${label}) WHERE n.embeddingStatus = 'PENDING' RETURN count(n) AS pending`, params: {}, decode: (row: Row) => row.number("pending") };
    const [pending] = await graph.readTransaction((tx) => tx.run(statement));
    counts[label] = pending ?? 0;
  }
  return counts;
}
