import { visibilityParams } from "../auth/policy.js";
import type { RequestContext } from "../core/requestContext.js";
import { executor } from "../graph/executor.js";
import { onlyRow } from "../graph/statement.js";
import { idArg } from "../core/idArgs.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";
import { MATCH_AGENT, requireAgent } from "./agentScope.js";
import { resolveAgentRef } from "./agentRef.js";
import { MEMORY_PROJECTION, toAgentMemory, toStoredMemory } from "./memoryRecord.js";

// Every memory of the agent that INVOLVES another agent counts as an interaction with it; every
// participant of a memory that is none of the agents it INVOLVES (recordInteraction's withPeople, and
// names no agent answered to) is a person the agent dealt with.
const CYPHER = `
  ${MATCH_AGENT}
  CALL (a) {
    CALL (a) {
      MATCH (a)-[:REMEMBERS]->(n:Memory)-[:INVOLVES]->(other:Agent)
      WHERE ${visibleAs("n")} AND ${visibleAs("other")} AND other <> a
      RETURN 'AGENT' AS kind, other.id AS agentId, coalesce(other.name, other.id) AS name, n
      UNION
      MATCH (a)-[:REMEMBERS]->(n:Memory) WHERE ${visibleAs("n")}
      UNWIND [p IN coalesce(n.participants, []) WHERE NOT EXISTS { (n)-[:INVOLVES]->(:Agent {id: p}) }] AS person
      RETURN 'PERSON' AS kind, null AS agentId, person AS name, n
    }
    WITH kind, agentId, name, n ORDER BY coalesce(n.occurredAt, n.createdAt) DESC
    WITH kind, agentId, name, count(n) AS interactionCount, collect(n) AS ns
    WITH kind, agentId, name, interactionCount, ns, coalesce(ns[0].occurredAt, ns[0].createdAt) AS last
    ORDER BY last DESC, kind, name
    RETURN collect({
      kind: kind, agentId: agentId, name: name, interactionCount: interactionCount, last: last.epochMillis,
      recent: [n IN ns[..3] | ${MEMORY_PROJECTION}]
    }) AS relationships
  }
  RETURN a IS NOT NULL AS found, relationships`;

const KINDS = ["AGENT", "PERSON"] as const;

/** `Query.agentRelationships` (the Discord agent squad's get_agent_relationships): who the agent dealt with, latest first. */
export function agentRelationshipsResolver(deps: AppDeps) {
  return async (_: unknown, args: { agentId: string }, ctx: RequestContext) => {
    const agentId = idArg("agentRelationships.agentId", await resolveAgentRef(deps, ctx.caller, "agentRelationships.agentId", args.agentId));
    const row = onlyRow(
      await executor(deps).read({
        cypher: CYPHER,
        params: { ...visibilityParams(ctx.caller), agentId },
        decode: (r) => ({
          found: r.boolean("found"),
          relationships: r.rows("relationships").map((rel) => ({
            kind: rel.oneOf("kind", KINDS),
            agentId: rel.stringOrNull("agentId"),
            name: rel.string("name"),
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
