import { executor, type GraphTarget, type Tx } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import { noRows, onlyRow, type Row, type Statement } from "../graph/statement.js";
import { SQUAD_AGENTS, SQUAD_BROADCAST_DELIVERY, SQUAD_COLLABORATIONS, SQUAD_SUBSCRIPTIONS } from "./squadDefaults.js";

/** What an installation found and wrote. */
export interface SquadInstallation {
  /** The squad's agents and rules in the tenant after the installation. */
  agents: number;
  rules: number;
  /** How many of them this installation created: 0 and 0 when they were all there. */
  agentsCreated: number;
  rulesCreated: number;
  agentIds: string[];
}

// Create-only: an agent or rule already there (by tenant and id) is left as it is, so
// running again changes nothing and never undoes an edit made through the API.
// Each agent owns itself and its rules, so it may change them.
const AGENTS = `
  UNWIND $agents AS a
  OPTIONAL MATCH (old:Agent {tenantId: $tenantId, id: a.id})
  MERGE (n:Agent {tenantId: $tenantId, id: a.id})
  ON CREATE SET n.ownerId = a.id, n.visibility = 'SHARED', n.sharedWith = [], n.state = 'IDLE', n.createdAt = datetime($at),
    n.name = a.name, n.role = a.role, n.capabilities = a.capabilities, n.personality = a.personality,
    n.outputTypes = a.outputTypes, n.inputTypes = a.inputTypes, n.heartbeatSchedule = a.heartbeatSchedule,
    n.broadcastDelivery = $broadcastDelivery
  // The minimums came after the first installations: an agent without them gets the note's (an edit is kept).
  SET n.dailyMinimum = coalesce(n.dailyMinimum, a.dailyMinimum), n.weeklyMinimum = coalesce(n.weeklyMinimum, a.weeklyMinimum)
  RETURN count(n) AS total, count(n) - count(old) AS created`;

const RULES = `
  UNWIND $rules AS r
  MATCH (s:Agent {tenantId: $tenantId, id: r.subscriber})
  OPTIONAL MATCH (old:SubscriptionRule {tenantId: $tenantId, id: r.id})
  MERGE (rule:SubscriptionRule {tenantId: $tenantId, id: r.id})
  ON CREATE SET rule.ownerId = r.subscriber, rule.visibility = 'SHARED', rule.sharedWith = [], rule.createdAt = datetime($at),
    rule.knowledgeTypes = r.knowledgeTypes, rule.domains = r.domains, rule.minConfidence = r.minConfidence,
    rule.delivery = r.delivery, rule.batchIntervalSeconds = r.batchIntervalSeconds, rule.tier = r.tier
  WITH s, rule, r, old
  FOREACH (_ IN CASE WHEN old IS NULL THEN [1] ELSE [] END | MERGE (s)-[:HAS_SUBSCRIPTION]->(rule))
  WITH rule, r, old
  OPTIONAL MATCH (src:Agent {tenantId: $tenantId, id: r.source})
  FOREACH (_ IN CASE WHEN old IS NULL AND src IS NOT NULL THEN [1] ELSE [] END | MERGE (rule)-[:FROM_AGENT]->(src))
  RETURN count(rule) AS total, count(rule) - count(old) AS created`;

// Relationship types come from the closed set of squadDefaults.ts, one literal branch each.
const COLLABORATIONS = `
  UNWIND $collaborations AS c
  MATCH (a:Agent {tenantId: $tenantId, id: c.from}), (b:Agent {tenantId: $tenantId, id: c.to})
  FOREACH (_ IN CASE WHEN c.type = 'IMPROVES_WITH' THEN [1] ELSE [] END | MERGE (a)-[:IMPROVES_WITH {domain: c.domain}]->(b))
  FOREACH (_ IN CASE WHEN c.type = 'ANALYZES_FOR' THEN [1] ELSE [] END | MERGE (a)-[:ANALYZES_FOR {domain: c.domain}]->(b))`;

/** A rule's id names its place in the note's list, so a second installation finds it. */
export const squadRuleId = (subscriber: string, index: number) => `squad-default-${subscriber}-${index}`;

/** What AGENTS and RULES return: how many there are after the statement, and how many it created. */
const counted = (r: Row) => ({ total: r.number("total"), created: r.number("created") });

const agentsStatement = (tenantId: string, at: Date): Statement<{ total: number; created: number }> => ({
  cypher: AGENTS,
  params: { tenantId, agents: SQUAD_AGENTS, broadcastDelivery: SQUAD_BROADCAST_DELIVERY, at: at.toISOString() },
  decode: counted,
});

function rulesStatement(tenantId: string, at: Date): Statement<{ total: number; created: number }> {
  const rules = SQUAD_SUBSCRIPTIONS.map((r, i) => ({
    ...r,
    id: squadRuleId(r.subscriber, i),
    batchIntervalSeconds: r.batchIntervalSeconds === null ? null : cypherInt(r.batchIntervalSeconds),
  }));
  return { cypher: RULES, params: { tenantId, rules, at: at.toISOString() }, decode: counted };
}

const collaborationsStatement = (tenantId: string) => noRows(COLLABORATIONS, { tenantId, collaborations: SQUAD_COLLABORATIONS });

async function installIn(tx: Tx, tenantId: string, at: Date): Promise<SquadInstallation> {
  const agents = onlyRow(await tx.run(agentsStatement(tenantId, at)));
  const rules = onlyRow(await tx.run(rulesStatement(tenantId, at)));
  await tx.run(collaborationsStatement(tenantId));
  return {
    agents: agents.total,
    agentsCreated: agents.created,
    rules: rules.total,
    rulesCreated: rules.created,
    agentIds: SQUAD_AGENTS.map((a) => a.id),
  };
}

/**
 * Installs the six-agent squad in a tenant, in one transaction: its six agents
 * (broadcasts batched, as the note's tier 3), their ten default subscription rules and the operations improvement loop,
 * each created only if missing (idempotent). The entry point of the
 * `installSquadDefaults` mutation and of `npm run squad:install`.
 */
export async function installSquadDefaults(target: GraphTarget, tenantId: string, at: Date = new Date()): Promise<SquadInstallation> {
  // A managed write without the shared bookmarks, as it always ran.
  return executor(target).writeTransaction((tx) => installIn(tx, tenantId, at), { bookmarks: false });
}
