import { VISIBLE_TO_CALLER } from "../auth/policy.js";
import type { Tx } from "./executor.js";
import type { Statement } from "./statement.js";

/** Node types whose writes are serialised by locking the node first: a closed set, so the label can be written into Cypher. */
export type LockedLabel = "Belief" | "WorkflowImprovement";

const lockQuery = (label: LockedLabel) => `
  MATCH (n:${label} {tenantId: $callerTenant, id: $id}) WHERE ${VISIBLE_TO_CALLER}
  CALL apoc.lock.nodes([n])
  RETURN count(n) AS found`;

const QUERIES = new Map<LockedLabel, string>();

/** The lock of lockVisibleNode: how many nodes it found and locked (0 or 1). */
function lockStatement(label: LockedLabel, params: Record<string, unknown>): Statement<number> {
  let cypher = QUERIES.get(label);
  if (!cypher) QUERIES.set(label, (cypher = lockQuery(label)));
  return { cypher, params, decode: (r) => r.number("found") };
}

/**
 * Write-locks the node of `label` with `params.id` if the caller may read it
 * (`params` carries visibilityParams(caller) and `id`), and says whether it
 * did. Every later read in the transaction then sees the node as the last
 * committed write left it: a concurrent writer of the same node waits here.
 */
export async function lockVisibleNode(tx: Tx, label: LockedLabel, params: Record<string, unknown>): Promise<boolean> {
  const [found = 0] = await tx.run(lockStatement(label, params));
  return found > 0;
}
