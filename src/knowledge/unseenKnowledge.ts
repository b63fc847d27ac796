import { visibilityParams } from "../auth/policy.js";
import type { RequestContext } from "../core/requestContext.js";
import { cypherInt, readQuery } from "../graph/readQuery.js";
import { instant, limit as limitArg, unit } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { knowledgeTypes, subjectAgent } from "./knowledgeArgs.js";
import { knowledgeProjection, toKnowledgeItem } from "./knowledgeItem.js";
import { ANY_KNOWLEDGE, knowledgeLabelParams } from "./knowledgeTypes.js";
import { visibleAs } from "../graph/visibleAs.js";

export interface UnseenKnowledgeArgs {
  agentId?: string | null;
  since?: unknown;
  types?: string[] | null;
  minConfidence?: number | null;
  limit?: number | null;
}

/**
 * The agent team's cross-agent discovery: others' knowledge (ownerId is not the
 * agent) that the caller may read and the agent has no ACCESSED to. Provenance
 * is `ownerId`: every knowledge node carries its creator, so the seed's
 * `(other:Agent)-[:CREATED]->(k)` is `k.ownerId <> $agentId` here.
 */
const CYPHER = `
  MATCH (n:${ANY_KNOWLEDGE})
  WHERE n.tenantId = $callerTenant AND n.ownerId <> $agentId AND ${visibleAs("n")}
    AND ($types IS NULL OR any(l IN labels(n) WHERE l IN $types))
    AND ($since IS NULL OR n.createdAt >= datetime($since))
    AND n.confidence >= $minConfidence
    AND NOT EXISTS { (:Agent {tenantId: $callerTenant, id: $agentId})-[:ACCESSED]->(n) }
  WITH n ORDER BY n.createdAt DESC, n.id LIMIT $limit
  RETURN ${knowledgeProjection("n")} AS item`;

/** `Query.unseenKnowledge`. Reading the list records nothing: the agent marks what it actually reads (markKnowledgeAccessed, memoryQuery). */
export function unseenKnowledgeResolver(deps: AppDeps) {
  return async (_: unknown, args: UnseenKnowledgeArgs, ctx: RequestContext) => {
    const agentId = subjectAgent("unseenKnowledge.agentId", args.agentId, ctx.caller);
    const params = {
      ...visibilityParams(ctx.caller),
      ...knowledgeLabelParams(),
      agentId,
      types: knowledgeTypes("unseenKnowledge.types", args.types),
      since: instant("unseenKnowledge.since", args.since == null ? null : String(args.since)),
      minConfidence: unit("unseenKnowledge.minConfidence", args.minConfidence, 0),
      limit: cypherInt(limitArg("unseenKnowledge.limit", args.limit, 20)),
    };
    const rows = await readQuery(deps, CYPHER, params);
    return rows.map((r) => toKnowledgeItem(r.item as Record<string, unknown>));
  };
}
