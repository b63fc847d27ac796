import neo4j, { type Driver } from "neo4j-driver";

/** One of the agent team's default subscriptions (its `:Subscription` nodes), as data. */
export interface SeedSubscription {
  subscriber: string;
  /** null = `source_agent: "all"`. */
  source: string | null;
  knowledgeTypes: string[];
  domains: string[];
  minConfidence: number;
  delivery: "IMMEDIATE" | "BATCHED";
  batchIntervalSeconds: number | null;
  tier: "DIRECT" | "POOL" | "BROADCAST" | "ORCHESTRATOR" | "ANALYST" | "OPS";
}

/** The agent team's six agents: id, name, role, output and input types, heartbeat minute. */
export const SEED_AGENTS = [
  { id: "kublai", name: "Kublai", role: "orchestrator", outputTypes: ["ProcessInsight", "Synthesis", "Task"], inputTypes: ["all"], heartbeatSchedule: ":00" },
  { id: "mongke", name: "Möngke", role: "researcher", outputTypes: ["Research", "Concept"], inputTypes: ["Task", "Insight"], heartbeatSchedule: ":03" },
  { id: "chagatai", name: "Chagatai", role: "writer", outputTypes: ["Content"], inputTypes: ["Research"], heartbeatSchedule: ":06" },
  { id: "temujin", name: "Temüjin", role: "developer", outputTypes: ["Application", "SecurityAudit", "CodeReview"], inputTypes: ["Concept", "Content", "Task"], heartbeatSchedule: ":09" },
  { id: "jochi", name: "Jochi", role: "analyst", outputTypes: ["Analysis", "Insight", "Opportunity"], inputTypes: ["Research", "Application", "Content"], heartbeatSchedule: ":12" },
  { id: "ogedei", name: "Ögedei", role: "ops", outputTypes: ["ProcessUpdate", "Documentation", "WorkflowImprovement"], inputTypes: ["all"], heartbeatSchedule: ":15" },
] as const;

const rule = (r: Partial<SeedSubscription> & Pick<SeedSubscription, "subscriber" | "knowledgeTypes">): SeedSubscription => ({
  source: null, domains: [], minConfidence: 0, delivery: "IMMEDIATE", batchIntervalSeconds: null, tier: "DIRECT", ...r,
});

/** The agent team's "Default Subscriptions", one entry each, in its order (`notify_immediately: false` = BATCHED). */
export const SEED_SUBSCRIPTIONS: readonly SeedSubscription[] = [
  rule({ subscriber: "kublai", knowledgeTypes: [], delivery: "BATCHED", batchIntervalSeconds: 300, tier: "ORCHESTRATOR" }),
  rule({ subscriber: "mongke", source: "jochi", knowledgeTypes: ["Insight", "Opportunity", "Analysis"], minConfidence: 0.6 }),
  rule({ subscriber: "mongke", source: "temujin", knowledgeTypes: ["Application"] }),
  rule({ subscriber: "chagatai", source: "mongke", knowledgeTypes: ["Research"], minConfidence: 0.7 }),
  rule({ subscriber: "chagatai", source: "jochi", knowledgeTypes: ["Insight", "Analysis"], domains: ["content", "seo", "engagement"], minConfidence: 0.7, delivery: "BATCHED" }),
  rule({ subscriber: "temujin", knowledgeTypes: ["Concept", "Research"], domains: ["technical", "security", "automation"], minConfidence: 0.7, tier: "POOL" }),
  rule({ subscriber: "temujin", source: "jochi", knowledgeTypes: ["Analysis", "Insight"], domains: ["security", "risk", "technical"], minConfidence: 0.6 }),
  rule({ subscriber: "jochi", knowledgeTypes: ["Research", "Content", "Application", "SecurityAudit", "Task"], minConfidence: 0.5, delivery: "BATCHED", batchIntervalSeconds: 3600, tier: "ANALYST" }),
  rule({ subscriber: "ogedei", source: "jochi", knowledgeTypes: ["Analysis", "Insight"], domains: ["process", "workflow", "efficiency", "bottleneck"], minConfidence: 0.5 }),
  rule({ subscriber: "ogedei", knowledgeTypes: ["Task", "ProcessUpdate"], delivery: "BATCHED", batchIntervalSeconds: 900, tier: "OPS" }),
];

// Idempotent: agents and rules are merged by (tenantId, id); a rule's id names its place in the seed.
// Each agent owns itself and its rules, so it may change them through the API.
const SEED = `
  UNWIND $agents AS a
  MERGE (n:Agent {tenantId: $tenantId, id: a.id})
  ON CREATE SET n.ownerId = a.id, n.visibility = 'SHARED', n.sharedWith = [], n.capabilities = [], n.state = 'IDLE', n.createdAt = datetime()
  SET n.name = a.name, n.role = a.role, n.outputTypes = a.outputTypes, n.inputTypes = a.inputTypes, n.heartbeatSchedule = a.heartbeatSchedule
  WITH count(*) AS agents
  UNWIND $rules AS r
  MATCH (s:Agent {tenantId: $tenantId, id: r.subscriber})
  MERGE (rule:SubscriptionRule {tenantId: $tenantId, id: r.id})
  ON CREATE SET rule.ownerId = r.subscriber, rule.visibility = 'SHARED', rule.sharedWith = [], rule.createdAt = datetime()
  SET rule.knowledgeTypes = r.knowledgeTypes, rule.domains = r.domains, rule.minConfidence = r.minConfidence,
      rule.delivery = r.delivery, rule.batchIntervalSeconds = r.batchIntervalSeconds, rule.tier = r.tier
  MERGE (s)-[:HAS_SUBSCRIPTION]->(rule)
  WITH rule, r
  OPTIONAL MATCH (src:Agent {tenantId: $tenantId, id: r.source})
  FOREACH (_ IN CASE WHEN src IS NULL THEN [] ELSE [1] END | MERGE (rule)-[:FROM_AGENT]->(src))
  RETURN count(rule) AS rules`;

/** Creates (or brings back to the seed) the six agents of the agent team and their default subscriptions in a tenant. */
export async function seedDefaultSubscriptions(target: { driver: Driver; database: string }, tenantId: string): Promise<number> {
  const rules = SEED_SUBSCRIPTIONS.map((r, i) => ({
    ...r,
    id: `seed003-${r.subscriber}-${i}`,
    batchIntervalSeconds: r.batchIntervalSeconds === null ? null : neo4j.int(r.batchIntervalSeconds),
  }));
  const { records } = await target.driver.executeQuery(SEED, { tenantId, agents: SEED_AGENTS, rules }, { database: target.database });
  return neo4j.integer.toNumber(records[0]!.get("rules"));
}
