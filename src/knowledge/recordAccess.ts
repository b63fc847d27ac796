import neo4j from "neo4j-driver";
import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import type { AppDeps } from "../core/appDeps.js";
import { ANY_KNOWLEDGE } from "./knowledgeTypes.js";
import { visibleAs } from "../graph/visibleAs.js";

/**
 * MERGEs ACCESSED {at, count} from the caller's Agent node to each knowledge
 * node of `ids` the caller may read: `count` goes up by one and `at` moves to
 * now on every read. A managed write retries only a transaction that did not
 * commit, so a count is never added twice. Returns the ids recorded and
 * whether the caller has an Agent node at all.
 */
export async function recordAccess(
  deps: Pick<AppDeps, "driver" | "database" | "now">,
  caller: Caller,
  ids: readonly string[],
): Promise<{ agentFound: boolean; recorded: string[] }> {
  const unique = [...new Set(ids)];
  const { records } = await deps.driver.executeQuery(
    `OPTIONAL MATCH (me:Agent {tenantId: $callerTenant, id: $callerAgent})
     CALL (me) {
       WITH me WHERE me IS NOT NULL
       UNWIND $ids AS kid
       MATCH (n:${ANY_KNOWLEDGE} {tenantId: $callerTenant, id: kid})
       WHERE ${visibleAs("n")}
       MERGE (me)-[acc:ACCESSED]->(n)
       ON CREATE SET acc.count = 1, acc.at = datetime($now)
       ON MATCH SET acc.count = coalesce(acc.count, 0) + 1, acc.at = datetime($now)
       RETURN collect(DISTINCT n.id) AS recorded
     }
     RETURN me IS NOT NULL AS agentFound, recorded`,
    { ...visibilityParams(caller), ids: unique, now: deps.now().toISOString() },
    { database: deps.database, routing: neo4j.routing.WRITE },
  );
  const row = records[0];
  return { agentFound: row?.get("agentFound") === true, recorded: (row?.get("recorded") as string[] | undefined) ?? [] };
}
