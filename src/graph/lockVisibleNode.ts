import neo4j, { type ManagedTransaction } from "neo4j-driver";
import { VISIBLE_TO_CALLER } from "../auth/policy.js";

/** Node types whose writes are serialised by locking the node first: a closed set, so the label can be written into Cypher. */
export type LockedLabel = "Belief" | "WorkflowImprovement";

const lockQuery = (label: LockedLabel) => `
  MATCH (n:${label} {tenantId: $callerTenant, id: $id}) WHERE ${VISIBLE_TO_CALLER}
  CALL apoc.lock.nodes([n])
  RETURN count(n) AS found`;

const QUERIES = new Map<LockedLabel, string>();

/**
 * Write-locks the node of `label` with `params.id` if the caller may read it
 * (`params` carries visibilityParams(caller) and `id`), and says whether it
 * did. Every later read in the transaction then sees the node as the last
 * committed write left it: a concurrent writer of the same node waits here.
 */
export async function lockVisibleNode(tx: ManagedTransaction, label: LockedLabel, params: Record<string, unknown>): Promise<boolean> {
  let query = QUERIES.get(label);
  if (!query) QUERIES.set(label, (query = lockQuery(label)));
  const { records } = await tx.run(query, params);
  return neo4j.integer.toNumber(records[0]!.get("found")) > 0;
}
