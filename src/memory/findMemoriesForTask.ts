import { visibilityParams } from "../auth/policy.js";
import type { Caller } from "../core/caller.js";
import { luceneAnyWord } from "../graph/luceneEscape.js";
import { cypherInt } from "../graph/readQuery.js";
import { executor } from "../graph/executor.js";
import { RECALL_INDEX } from "../search/index.js";
import { onlyRow } from "../graph/statement.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";
import { MATCH_AGENT } from "./agentScope.js";
import { MEMORY_PROJECTION, toStoredMemory } from "./memoryRecord.js";
import { rankForTask } from "./taskRelevance.js";

const CYPHER = `
  ${MATCH_AGENT}
  CALL (a) {
    CALL (a) {
      WITH a WHERE $q <> ''
      CALL db.index.fulltext.queryNodes($index, $q) YIELD node AS n, score
      WITH a, n, score WHERE n:Memory AND n.tenantId = $callerTenant AND ${visibleAs("n")} AND (a)-[:REMEMBERS]->(n)
      WITH n, score LIMIT $candidates
      RETURN n, score
      UNION
      MATCH (a)-[:REMEMBERS]->(n:Memory) WHERE ${visibleAs("n")} AND any(t IN n.tags WHERE toLower(t) IN $tags)
      RETURN n, 0.0 AS score
    }
    WITH n, max(score) AS score ORDER BY score DESC, n.importance DESC LIMIT $candidates
    RETURN collect({ memory: ${MEMORY_PROJECTION}, score: score }) AS hits
  }
  RETURN a IS NOT NULL AS found, hits`;

/**
 * The agent's memories relevant to a task: BM25 over content (the description
 * escaped for Lucene, any word matching) plus tag overlap, ranked by
 * taskRelevance.ts. One query. `found` is false for an unknown agent. The word
 * index is search's, over every recalled kind of every tenant: its hits come
 * best first, so the agent's own best are read until there are enough, with
 * no fixed pool for other tenants' hits to fill.
 */
export async function findMemoriesForTask(
  deps: Pick<AppDeps, "driver" | "database" | "now">,
  caller: Caller,
  q: { agentId: string; description: string; tags: readonly string[]; limit: number },
) {
  const tags = q.tags.map((t) => t.toLowerCase());
  const params = {
    ...visibilityParams(caller),
    agentId: q.agentId,
    q: luceneAnyWord(q.description),
    tags,
    index: RECALL_INDEX,
    candidates: cypherInt(Math.max(q.limit * 5, 50)),
  };
  const { found, hits } = onlyRow(
    await executor(deps).read({
      cypher: CYPHER,
      params,
      decode: (r) => ({
        found: r.boolean("found"),
        hits: r.rows("hits").map((h) => ({ memory: toStoredMemory(h.row("memory")), textScore: h.numberOrNull("score") ?? 0 })),
      }),
    }),
  );
  return { found, ranked: rankForTask(hits, tags, deps.now()).slice(0, q.limit) };
}
