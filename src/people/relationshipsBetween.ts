import { visibilityParams } from "../auth/policy.js";
import { FACT_ROW, factRowOf, toFactRecord } from "../facts/index.js";
import type { RequestContext } from "../core/requestContext.js";
import { executor } from "../graph/executor.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";

/** What a shared node says about two people, by its label. */
const SHARED_CONTEXT: Readonly<Record<string, string>> = {
  Org: "same_organization",
  Project: "same_project",
  Event: "same_event",
  Place: "same_place",
  Topic: "same_topic",
  Skill: "same_skill",
};

/** Most shared contexts returned (two people of one big org share one, not thousands). */
const MAX_SHARED = 50;

// Both people must be readable; every fact and shared node too. FACT_ROW reads p, r, o.
const CYPHER = `
  MATCH (a:Person {tenantId: $callerTenant, id: $a}) WHERE ${visibleAs("a")}
  MATCH (b:Person {tenantId: $callerTenant, id: $b}) WHERE ${visibleAs("b")}
  CALL (a, b) {
    MATCH (a)-[r]-(b) WHERE type(r) IN $types
    WITH startNode(r) AS p, r, endNode(r) AS o
    RETURN collect(${FACT_ROW}) AS direct
  }
  CALL (a, b) {
    MATCH (a)-[ra]->(x)<-[rb]-(b)
    WHERE type(ra) IN $types AND type(rb) IN $types AND NOT x:Person AND x.tenantId = $callerTenant AND ${visibleAs("x")}
    CALL (a, ra, x) { WITH a AS p, ra AS r, x AS o RETURN ${FACT_ROW} AS fa }
    CALL (b, rb, x) { WITH b AS p, rb AS r, x AS o RETURN ${FACT_ROW} AS fb }
    RETURN collect({ label: head(labels(x)), name: x.name, id: x.id, a: fa, b: fb })[..${MAX_SHARED}] AS shared
  }
  RETURN direct, shared`;

/** The chatbot memory service's get_relationships_between: direct facts either way, shared organisations/projects/events, interaction weight. */
export function relationshipsBetweenResolver(deps: AppDeps, factTypes: readonly string[]) {
  return async ({ personAId, personBId }: { personAId: string; personBId: string }, ctx: RequestContext) => {
    const now = deps.now();
    const [row] = await executor(deps).read({
      cypher: CYPHER,
      params: { ...visibilityParams(ctx.caller), a: personAId, b: personBId, types: factTypes },
      decode: (r) => ({
        direct: r.rows("direct").map((f) => toFactRecord(factRowOf(f), now)),
        shared: r.rows("shared").map((s) => {
          const label = s.string("label");
          return {
            type: SHARED_CONTEXT[label] ?? `same_${label.toLowerCase()}`,
            context: s.stringOrNull("name") ?? "",
            contextId: s.stringOrNull("id") ?? "",
            factA: toFactRecord(factRowOf(s.row("a")), now),
            factB: toFactRecord(factRowOf(s.row("b")), now),
          };
        }),
      }),
    });
    // No row: one of the two people is not there or not readable.
    const direct = row?.direct ?? [];
    const sharedContexts = row?.shared ?? [];
    const interactionWeight = direct.filter((f) => f.type === "INTERACTED_WITH").reduce((sum, f) => sum + (f.attributes.weight ?? 0), 0);
    return { personAId, personBId, relationships: direct, sharedContexts, interactionWeight };
  };
}
