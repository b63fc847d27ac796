import type { Driver } from "neo4j-driver";
import { embeddedTypes } from "../../src/embeddings/embeddedTypes.js";
import { loadTypeDefs } from "../../src/schema/loadTypeDefs.js";

/**
 * Nodes written but not yet embedded (embeddingStatus PENDING), over every
 * embedded type. Read at the start and the end of the measured period: a
 * backlog that grows is model work the period did not pay for, which would
 * flatter its CPU per operation.
 */
export async function embeddingBacklog(driver: Driver): Promise<number> {
  const labels = embeddedTypes(loadTypeDefs().document).map((t) => t.label);
  let total = 0;
  for (const label of labels) {
    const { records } = await driver.executeQuery(
      `MATCH (n:${label}) USING INDEX n:${label}(embeddingStatus) WHERE n.embeddingStatus = 'PENDING' RETURN count(n) AS n`,
      {},
      { database: "neo4j", routing: "READ" },
    );
    total += Number(records[0]!.get("n"));
  }
  return total;
}
