import { ANY_KNOWLEDGE } from "./knowledgeTypes.js";

/** What a discovery field assumes when it is not told (its arguments given as null or left out). */
interface DiscoveryDefaults {
  /** The least confidence when `minConfidence` is not given; `above` makes it strict (the agent team's `> 0.7`). */
  minConfidence: { value: number; above: boolean };
  sources: "SUBSCRIBED_OR_POOL" | "ALL_READABLE";
}

/** The agent team's threshold: its discovery query keeps `k.confidence > 0.7`. */
export const DISCOVERY_MIN_CONFIDENCE = 0.7;

/**
 * The two cross-agent discovery fields of schema/knowledge-queries.graphql:
 * one statement, their defaults apart. unseenKnowledge lists every unseen
 * piece the caller may read; discoverKnowledge is the agent team's query
 * (above 0.7, subscribed sources or the pool).
 */
const DISCOVERY_FIELDS = {
  unseenKnowledge: { minConfidence: { value: 0, above: false }, sources: "ALL_READABLE" },
  discoverKnowledge: { minConfidence: { value: DISCOVERY_MIN_CONFIDENCE, above: true }, sources: "SUBSCRIBED_OR_POOL" },
} as const satisfies Record<string, DiscoveryDefaults>;

export type DiscoveryField = keyof typeof DISCOVERY_FIELDS;

export const isDiscoveryField = (name: string): name is DiscoveryField => Object.hasOwn(DISCOVERY_FIELDS, name);

/**
 * `knowledgeDiscovery(<field>)` in the SDL: the statement of Query.unseenKnowledge
 * or Query.discoverKnowledge, written in by expandCypherFields when the schema
 * is built (the READ rule as `visibleToCaller`, the item as `knowledgeItem`,
 * both expanded there too). Others' knowledge (ownerId is not the agent) that
 * the caller may read and the agent has no ACCESSED to. Provenance is
 * `ownerId`: every knowledge node carries its creator, so the note's
 * `(other:Agent)-[:CREATED]->(k)` is `k.ownerId <> agentId` here. Its
 * `sub IS NOT NULL OR EXISTS { SharedKnowledge }` is SUBSCRIBED_OR_POOL: a
 * subscription rule of the agent selects the node (as the heartbeat matches
 * rules; `all` in knowledgeTypes means any) or a pool entry SHARES it. The
 * agent is the caller unless `agentId` names another (its hook lets only an
 * admin); type names are compared trimmed, as the hook checked them. Pure.
 */
export function discoveryStatement(field: DiscoveryField): string {
  const { minConfidence, sources } = DISCOVERY_FIELDS[field];
  const byDefault = `n.confidence ${minConfidence.above ? ">" : ">="} ${minConfidence.value}`;
  return `
    WITH coalesce($agentId, $jwt.sub) AS agentId, coalesce($sources, '${sources}') = 'SUBSCRIBED_OR_POOL' AS subscribedOrPool
    MATCH (n:${ANY_KNOWLEDGE})
    WHERE n.tenantId = $jwt.tenant AND n.ownerId <> agentId AND visibleToCaller(n)
      AND ($types IS NULL OR any(l IN labels(n) WHERE l IN [t IN $types | trim(t)]))
      AND ($since IS NULL OR n.createdAt >= datetime($since))
      AND (CASE WHEN $minConfidence IS NULL THEN ${byDefault} ELSE n.confidence >= $minConfidence END)
      AND NOT EXISTS { (:Agent {tenantId: $jwt.tenant, id: agentId})-[:ACCESSED]->(n) }
      AND (NOT subscribedOrPool
        OR EXISTS { (:SharedKnowledge {tenantId: $jwt.tenant})-[:SHARES]->(n) }
        OR EXISTS {
          MATCH (:Agent {tenantId: $jwt.tenant, id: agentId})-[:HAS_SUBSCRIPTION]->(rule:SubscriptionRule)
          WHERE visibleToCaller(rule)
            AND (NOT EXISTS { (rule)-[:FROM_AGENT]->(:Agent) } OR EXISTS { (rule)-[:FROM_AGENT]->(:Agent {tenantId: $jwt.tenant, id: n.ownerId}) })
            AND (size(rule.knowledgeTypes) = 0 OR 'all' IN rule.knowledgeTypes OR any(l IN labels(n) WHERE l IN rule.knowledgeTypes))
            AND (size(rule.domains) = 0 OR any(d IN n.domains WHERE d IN rule.domains))
            AND n.confidence >= rule.minConfidence
        })
    WITH n ORDER BY n.createdAt DESC, n.id LIMIT toInteger(coalesce($limit, 20))
    RETURN knowledgeItem(n) AS item`;
}
