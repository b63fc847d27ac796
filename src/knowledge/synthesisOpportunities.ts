import { visibilityParams } from "../auth/policy.js";
import type { RequestContext } from "../core/requestContext.js";
import { executor } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import { limit as limitArg } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { windowDays as windowArg } from "./knowledgeArgs.js";
import { knowledgeProjection, toKnowledgeItem } from "./knowledgeItem.js";
import { knowledgeLabelParams } from "./knowledgeTypes.js";
import { visibleAs } from "../graph/visibleAs.js";

/** Research listed per concept, at most. */
const MAX_RESEARCH = 20;

/**
 * The agent team's "research + failed applications = refinement needed": a concept
 * that research DISCOVERED and an application CHALLENGED (within the window
 * when one is asked; the note's query has none), with no synthesis that
 * UPDATED it after that challenge. Only nodes the
 * caller may read take part: a synthesis it cannot see neither answers a
 * challenge nor betrays that it exists.
 */
const CYPHER = `
  MATCH (c:Concept)<-[ch:CHALLENGED]-(a:Application)
  WHERE c.tenantId = $callerTenant AND ${visibleAs("c")} AND ${visibleAs("a")}
    AND ($windowDays IS NULL OR a.createdAt >= datetime($now) - duration({days: $windowDays}))
    AND EXISTS { MATCH (r:Research)-[:DISCOVERED]->(c) WHERE ${visibleAs("r")} }
    AND NOT EXISTS { MATCH (s:Synthesis)-[:UPDATED]->(c) WHERE ${visibleAs("s")} AND s.createdAt > a.createdAt }
  WITH c, a, ch ORDER BY a.createdAt DESC, a.id
  WITH c, collect({ application: ${knowledgeProjection("a")}, reason: ch.reason }) AS challenges, max(a.createdAt) AS latest
  ORDER BY latest DESC, c.id LIMIT $limit
  CALL (c) {
    MATCH (r:Research)-[:DISCOVERED]->(c) WHERE ${visibleAs("r")}
    WITH r ORDER BY r.createdAt DESC, r.id LIMIT $maxResearch
    RETURN collect(${knowledgeProjection("r")}) AS research
  }
  RETURN ${knowledgeProjection("c")} AS concept, research, challenges`;

/** `Query.synthesisOpportunities`: newest challenge first. */
export function synthesisOpportunitiesResolver(deps: AppDeps) {
  return async (_: unknown, args: { windowDays?: number | null; limit?: number | null }, ctx: RequestContext) => {
    const params = {
      ...visibilityParams(ctx.caller),
      ...knowledgeLabelParams(),
      now: deps.now().toISOString(),
      windowDays: args.windowDays === null || args.windowDays === undefined ? null : cypherInt(windowArg("synthesisOpportunities.windowDays", args.windowDays, 1)),
      limit: cypherInt(limitArg("synthesisOpportunities.limit", args.limit, 20)),
      maxResearch: cypherInt(MAX_RESEARCH),
    };
    return executor(deps).read({
      cypher: CYPHER,
      params,
      decode: (row) => ({
        concept: toKnowledgeItem(row.row("concept")),
        research: row.rows("research").map(toKnowledgeItem),
        challenges: row.rows("challenges").map((ch) => ({ application: toKnowledgeItem(ch.row("application")), reason: ch.stringOrNull("reason") ?? "" })),
      }),
    });
  };
}

