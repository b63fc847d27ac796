import { VISIBLE_TO_CALLER } from "../auth/policy.js";
import { runInEither, type EitherTx } from "./eitherTx.js";
import { onlyRow } from "./statement.js";

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
export async function lockVisibleNode(tx: EitherTx, label: LockedLabel, params: Record<string, unknown>): Promise<boolean> {
  let query = QUERIES.get(label);
  if (!query) QUERIES.set(label, (query = lockQuery(label)));
  const found = onlyRow(await runInEither(tx, { cypher: query, params, decode: (r) => r.number("found") }));
  return found > 0;
}
