import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import { executor } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import type { AppDeps } from "../core/appDeps.js";
import { knowledgeProjection, toKnowledgeItem, type KnowledgeItem } from "./knowledgeItem.js";
import { ANY_KNOWLEDGE, type KnowledgeLabel } from "./knowledgeTypes.js";
import { visibleAs } from "../graph/visibleAs.js";
import type { Link } from "./ranking/graphOf.js";
import { SHARED_WITH_CALLER } from "./sharedWithCaller.js";

/**
 * Which knowledge a subgraph holds, beyond the READ rule: all the caller may
 * read, only its own, or its own and the shared pool (memoryQuery).
 */
export type SubgraphScope = "visible" | "own" | "ownAndPool";

export interface SubgraphRequest {
  types: KnowledgeLabel[] | null;
  maxNodes: number;
  scope: SubgraphScope;
}

export interface KnowledgeSubgraph {
  items: KnowledgeItem[];
  links: Link[];
}

/**
 * The bounded subgraph: the newest `maxNodes` knowledge nodes in scope and
 * every relationship between two of them. Relationships to anything outside
 * (agents, tasks, unreadable nodes) are left out, so nothing the caller may
 * not read shapes a rank.
 */
const CYPHER = `
  MATCH (n:${ANY_KNOWLEDGE})
  WHERE n.tenantId = $callerTenant AND ${visibleAs("n")}
    AND ($types IS NULL OR any(l IN labels(n) WHERE l IN $types))
    AND ($scope = 'visible' OR n.ownerId = $callerAgent OR ($scope = 'ownAndPool' AND ${SHARED_WITH_CALLER}))
  WITH n ORDER BY n.createdAt DESC, n.id LIMIT $maxNodes
  WITH collect(n) AS nodes
  CALL (nodes) {
    UNWIND nodes AS n
    MATCH (n)-->(m) WHERE m IN nodes
    RETURN collect({ source: n.id, target: m.id }) AS links
  }
  RETURN [n IN nodes | ${knowledgeProjection("n")}] AS items, links`;

/** Reads the bounded knowledge subgraph the caller may read. */
export async function knowledgeSubgraph(deps: Pick<AppDeps, "driver" | "database">, caller: Caller, request: SubgraphRequest): Promise<KnowledgeSubgraph> {
  const [row] = await executor(deps).read({
    cypher: CYPHER,
    params: { ...visibilityParams(caller), types: request.types, scope: request.scope, maxNodes: cypherInt(request.maxNodes) },
    decode: (r) => ({ items: r.rows("items").map(toKnowledgeItem), links: r.rows("links").map((l) => ({ source: l.string("source"), target: l.string("target") })) }),
  });
  return { items: row?.items ?? [], links: row?.links ?? [] };
}
