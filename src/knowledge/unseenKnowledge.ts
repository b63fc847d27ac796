import { visibilityParams } from "../auth/policy.js";
import type { RequestContext } from "../core/requestContext.js";
import { executor } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import { instant, limit as limitArg, oneOf, unit } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { knowledgeTypes, subjectAgent } from "./knowledgeArgs.js";
import { knowledgeProjection, toKnowledgeItem, type KnowledgeItem } from "./knowledgeItem.js";
import { ANY_KNOWLEDGE, knowledgeLabelParams } from "./knowledgeTypes.js";
import { visibleAs } from "../graph/visibleAs.js";
import { recordAccess } from "./recordAccess.js";

export interface UnseenKnowledgeArgs {
  agentId?: string | null;
  since?: unknown;
  types?: string[] | null;
  minConfidence?: number | null;
  sources?: string | null;
  limit?: number | null;
}

const DISCOVERY_SOURCES = ["SUBSCRIBED_OR_POOL", "ALL_READABLE"] as const;
/** The agent team's threshold: its discovery query keeps `k.confidence > 0.7`. */
export const DISCOVERY_MIN_CONFIDENCE = 0.7;

/**
 * The agent team's cross-agent discovery: others' knowledge (ownerId is not the
 * agent) that the caller may read and the agent has no ACCESSED to. Provenance
 * is `ownerId`: every knowledge node carries its creator, so the note's
 * `(other:Agent)-[:CREATED]->(k)` is `k.ownerId <> $agentId` here. Its
 * `sub IS NOT NULL OR EXISTS { SharedKnowledge }` is `$subscribedOrPool`: a
 * subscription rule of the agent selects the node (as the heartbeat matches
 * rules; `all` in knowledgeTypes means any) or a pool entry SHARES it.
 */
const CYPHER = `
  MATCH (n:${ANY_KNOWLEDGE})
  WHERE n.tenantId = $callerTenant AND n.ownerId <> $agentId AND ${visibleAs("n")}
    AND ($types IS NULL OR any(l IN labels(n) WHERE l IN $types))
    AND ($since IS NULL OR n.createdAt >= datetime($since))
    AND (CASE WHEN $above THEN n.confidence > $minConfidence ELSE n.confidence >= $minConfidence END)
    AND NOT EXISTS { (:Agent {tenantId: $callerTenant, id: $agentId})-[:ACCESSED]->(n) }
    AND (NOT $subscribedOrPool
      OR EXISTS { (:SharedKnowledge {tenantId: $callerTenant})-[:SHARES]->(n) }
      OR EXISTS {
        MATCH (:Agent {tenantId: $callerTenant, id: $agentId})-[:HAS_SUBSCRIPTION]->(rule:SubscriptionRule)
        WHERE ${visibleAs("rule")}
          AND (NOT EXISTS { (rule)-[:FROM_AGENT]->(:Agent) } OR EXISTS { (rule)-[:FROM_AGENT]->(:Agent {tenantId: $callerTenant, id: n.ownerId}) })
          AND (size(rule.knowledgeTypes) = 0 OR 'all' IN rule.knowledgeTypes OR any(l IN labels(n) WHERE l IN rule.knowledgeTypes))
          AND (size(rule.domains) = 0 OR any(d IN n.domains WHERE d IN rule.domains))
          AND n.confidence >= rule.minConfidence
      })
  WITH n ORDER BY n.createdAt DESC, n.id LIMIT $limit
  RETURN ${knowledgeProjection("n")} AS item`;

interface Defaults {
  field: string;
  /** minConfidence when not given; `above` makes it a strict bound (the note's `> 0.7`). */
  minConfidence: { value: number; above: boolean };
  sources: (typeof DISCOVERY_SOURCES)[number];
}

/** Reads the arguments and lists the unseen knowledge. */
async function listUnseen(deps: AppDeps, args: UnseenKnowledgeArgs, ctx: RequestContext, d: Defaults): Promise<{ agentId: string; items: KnowledgeItem[] }> {
  const F = d.field;
  const agentId = subjectAgent(`${F}.agentId`, args.agentId, ctx.caller);
  const given = args.minConfidence != null;
  const params = {
    ...visibilityParams(ctx.caller),
    ...knowledgeLabelParams(),
    agentId,
    types: knowledgeTypes(`${F}.types`, args.types),
    since: instant(`${F}.since`, args.since == null ? null : String(args.since)),
    minConfidence: given ? unit(`${F}.minConfidence`, args.minConfidence) : d.minConfidence.value,
    above: !given && d.minConfidence.above,
    subscribedOrPool: oneOf(`${F}.sources`, args.sources ?? d.sources, DISCOVERY_SOURCES) === "SUBSCRIBED_OR_POOL",
    limit: cypherInt(limitArg(`${F}.limit`, args.limit, 20)),
  };
  const items = await executor(deps).read({ cypher: CYPHER, params, decode: (r) => toKnowledgeItem(r.row("item")) });
  return { agentId, items };
}

/** `Query.unseenKnowledge`. Reading the list records nothing: the agent marks what it actually reads (markKnowledgeAccessed, memoryQuery). */
export function unseenKnowledgeResolver(deps: AppDeps) {
  const defaults: Defaults = { field: "unseenKnowledge", minConfidence: { value: 0, above: false }, sources: "ALL_READABLE" };
  return async (_: unknown, args: UnseenKnowledgeArgs, ctx: RequestContext) => (await listUnseen(deps, args, ctx, defaults)).items;
}

/**
 * `Query.discoverKnowledge`: unseenKnowledge with the note's defaults (above
 * 0.7, subscribed sources or the pool), and what it returns recorded as read
 * in one statement when the caller asks for itself.
 */
export function discoverKnowledgeResolver(deps: AppDeps) {
  const defaults: Defaults = { field: "discoverKnowledge", minConfidence: { value: DISCOVERY_MIN_CONFIDENCE, above: true }, sources: "SUBSCRIBED_OR_POOL" };
  return async (_: unknown, args: UnseenKnowledgeArgs & { markAccessed?: boolean | null }, ctx: RequestContext) => {
    const { agentId, items } = await listUnseen(deps, args, ctx, defaults);
    if ((args.markAccessed ?? true) && agentId === ctx.caller.agentId && items.length > 0) await recordAccess(deps, ctx.caller, items.map((k) => k.id));
    return items;
  };
}
