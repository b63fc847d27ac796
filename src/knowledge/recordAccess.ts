import { executor } from "../graph/executor.js";
import type { Row } from "../graph/statement.js";
import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import type { AppDeps } from "../core/appDeps.js";
import { ANY_KNOWLEDGE } from "./knowledgeTypes.js";
import { visibleAs } from "../graph/visibleAs.js";

/** Most agent ids a SharedKnowledge entry's accessedBy and appliedBy keep (their SDL @constraint). */
const MAX_AGENTS_LISTED = 1000;

/**
 * One statement per request, whatever the number of ids: the caller's Agent
 * node is marked active, and for each knowledge node it may read: ACCESSED
 * {at, count} (count up by one, at moved to now), a Belief's lastAccessedAt,
 * and the caller in its pool entry's accessedBy (another agent's knowledge
 * only, each agent once). `applied` adds the caller to appliedBy (the same) and LEARNED
 * {knowledgeId, at} from the caller to the knowledge's owner (once per node).
 */
const record = (applied: boolean) => `
  OPTIONAL MATCH (me:Agent {tenantId: $callerTenant, id: $callerAgent})
  CALL (me) {
    WITH me WHERE me IS NOT NULL
    SET me.lastActiveAt = datetime($now)
    WITH me
    UNWIND $ids AS kid
    MATCH (n:${ANY_KNOWLEDGE} {tenantId: $callerTenant, id: kid})
    WHERE ${visibleAs("n")}
    MERGE (me)-[acc:ACCESSED]->(n)
    ON CREATE SET acc.count = 1, acc.at = datetime($now)
    ON MATCH SET acc.count = coalesce(acc.count, 0) + 1, acc.at = datetime($now)
    FOREACH (_ IN CASE WHEN n:Belief THEN [1] ELSE [] END | SET n.lastAccessedAt = datetime($now))
    WITH me, n
    OPTIONAL MATCH (sk:SharedKnowledge {tenantId: $callerTenant})-[:SHARES]->(n)
    FOREACH (_ IN CASE WHEN sk IS NOT NULL AND n.ownerId <> me.id AND NOT me.id IN sk.accessedBy AND size(sk.accessedBy) < ${MAX_AGENTS_LISTED} THEN [1] ELSE [] END |
      SET sk.accessedBy = sk.accessedBy + me.id)
    ${applied ? APPLIED : ""}
    RETURN collect(DISTINCT n.id) AS recorded
  }
  RETURN me IS NOT NULL AS agentFound, recorded`;

const APPLIED = `
    FOREACH (_ IN CASE WHEN sk IS NOT NULL AND n.ownerId <> me.id AND NOT me.id IN sk.appliedBy AND size(sk.appliedBy) < ${MAX_AGENTS_LISTED} THEN [1] ELSE [] END |
      SET sk.appliedBy = sk.appliedBy + me.id)
    WITH me, n
    OPTIONAL MATCH (owner:Agent {tenantId: $callerTenant, id: n.ownerId})
    WHERE owner <> me
    FOREACH (_ IN CASE WHEN owner IS NULL THEN [] ELSE [1] END |
      MERGE (me)-[l:LEARNED {knowledgeId: n.id}]->(owner)
      ON CREATE SET l.at = datetime($now))`;

/**
 * Records that the caller read (or, with `applied`, used) knowledge nodes of
 * `ids` (see `record` above). A managed write retries only a transaction that
 * did not commit, so a count is never added twice. Returns the ids recorded
 * and whether the caller has an Agent node at all.
 */
export async function recordAccess(
  deps: Pick<AppDeps, "driver" | "database" | "now">,
  caller: Caller,
  ids: readonly string[],
  { applied = false }: { applied?: boolean } = {},
): Promise<{ agentFound: boolean; recorded: string[] }> {
  const unique = [...new Set(ids)];
  const statement = {
    cypher: record(applied),
    params: { ...visibilityParams(caller), ids: unique, now: deps.now().toISOString() },
    decode: (r: Row) => ({ agentFound: r.boolean("agentFound"), recorded: r.value("recorded") === null ? [] : r.strings("recorded") }),
  };
  const [row] = await executor(deps).writeTransaction((tx) => tx.run(statement));
  return row ?? { agentFound: false, recorded: [] };
}
