import { executor, type GraphTarget } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import { PASSAGE_LABEL, PASSAGE_OF } from "./passageGraph.js";

/** Passages removed per statement: a large deletion (a tenant's memories deleted at once) is spread over passes. */
export const SWEEP_LIMIT = 1000;

/**
 * Removes passages whose node is gone. Forgetting and correcting remove a
 * node's passages with it; a node deleted another way (a generated delete
 * mutation) leaves them unreachable, since every read goes through the node,
 * and this sweep, run on the embedding worker's full passes, takes them away.
 * Returns how many went (SWEEP_LIMIT means there may be more).
 */
export async function sweepOrphanPassages(target: GraphTarget): Promise<number> {
  const [removed] = await executor(target).write({
    // whole database: passages of every tenant whose node was deleted
    cypher: `MATCH (p:${PASSAGE_LABEL}) WHERE NOT EXISTS { (p)-[:${PASSAGE_OF}]->() }
      WITH p LIMIT $limit
      DETACH DELETE p
      RETURN count(*) AS removed`,
    params: { limit: cypherInt(SWEEP_LIMIT) },
    decode: (row) => row.number("removed"),
  });
  return removed ?? 0;
}
