import { visibilityParams } from "../auth/policy.js";
import type { RequestContext } from "../core/requestContext.js";
import { executor } from "../graph/executor.js";
import { onlyRow } from "../graph/statement.js";
import { idArg } from "../core/idArgs.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";
import { MATCH_AGENT, requireAgent } from "./agentScope.js";
import { MEMORY_PROJECTION, toAgentMemory, toStoredMemory } from "./memoryRecord.js";

// Every memory of the agent that INVOLVES another agent counts as an interaction with it.
const CYPHER = `
  ${MATCH_AGENT}
  CALL (a) {
    MATCH (a)-[:REMEMBERS]->(n:Memory)-[:INVOLVES]->(other:Agent)
    WHERE ${visibleAs("n")} AND ${visibleAs("other")} AND other <> a
    WITH other, n ORDER BY coalesce(n.occurredAt, n.createdAt) DESC
    WITH other, count(n) AS interactionCount, collect(n) AS ns
    WITH other, interactionCount, ns, coalesce(ns[0].occurredAt, ns[0].createdAt) AS last
    ORDER BY last DESC, other.id
    RETURN collect({
      agentId: other.id, name: other.name, interactionCount: interactionCount, last: last.epochMillis,
      recent: [n IN ns[..3] | ${MEMORY_PROJECTION}]
    }) AS relationships
  }
  RETURN a IS NOT NULL AS found, relationships`;

/** `Query.agentRelationships` (the Discord agent squad's get_agent_relationships): who the agent dealt with, latest first. */
export function agentRelationshipsResolver(deps: AppDeps) {
  return async (_: unknown, args: { agentId: string }, ctx: RequestContext) => {
    const agentId = idArg("agentRelationships.agentId", args.agentId);
    const row = onlyRow(
      await executor(deps).read({
        cypher: CYPHER,
        params: { ...visibilityParams(ctx.caller), agentId },
        decode: (r) => ({
          found: r.boolean("found"),
          relationships: r.rows("relationships").map((rel) => ({
            agentId: rel.string("agentId"),
            name: rel.stringOrNull("name") ?? rel.string("agentId"),
            interactionCount: rel.number("interactionCount"),
            lastInteractionAt: new Date(rel.numberOrNull("last") ?? 0).toISOString(),
            recentInteractions: rel.rows("recent").map((m) => toAgentMemory(toStoredMemory(m))),
          })),
        }),
      }),
    );
    requireAgent(row.found, "agentRelationships.agentId", agentId);
    return row.relationships;
  };
}
