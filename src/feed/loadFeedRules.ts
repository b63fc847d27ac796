import type { BroadcastDelivery, FeedRuleNode } from "./feedRules.js";
import { executor, type GraphTarget } from "../graph/executor.js";
import { onlyRow, type Row, type Statement } from "../graph/statement.js";
import { mapRows, stringsOrEmpty } from "./mapRow.js";

// Rules are the SubscriptionRule nodes linked to the agent (the agent team's SUBSCRIBES_TO):
// (:Agent)-[:HAS_SUBSCRIPTION]->(:SubscriptionRule)-[:FROM_AGENT]->(:Agent source); with the agent's
// broadcastDelivery. One statement for every subscriber of a tenant in this process (each reads
// them again every few seconds: with one statement each, fifty subscribers sent ten a second).
export const READ_RULES = `
  UNWIND $agentIds AS agentId
  OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: agentId})
  CALL (a) {
    OPTIONAL MATCH (a)-[:HAS_SUBSCRIPTION]->(r:SubscriptionRule {tenantId: $tenantId})
    OPTIONAL MATCH (r)-[:FROM_AGENT]->(s:Agent {tenantId: $tenantId})
    WITH r, collect(s.id) AS sources
    RETURN collect(CASE WHEN r IS NULL THEN null ELSE {
      id: r.id, knowledgeTypes: r.knowledgeTypes, domains: r.domains, minConfidence: r.minConfidence,
      delivery: r.delivery, batchIntervalSeconds: r.batchIntervalSeconds, sources: sources } END) AS rules
  }
  RETURN agentId, a.broadcastDelivery AS delivery, rules`;

export interface ReaderRules {
  rules: FeedRuleNode[];
  broadcasts: BroadcastDelivery;
}

/** One reader's row of READ_RULES. */
interface ReaderRow {
  agentId: string;
  readers: ReaderRules;
}

function ruleOf(r: Row): FeedRuleNode {
  return {
    id: r.string("id"),
    knowledgeTypes: stringsOrEmpty(r, "knowledgeTypes"),
    domains: stringsOrEmpty(r, "domains"),
    minConfidence: r.numberOrNull("minConfidence") ?? 0,
    delivery: r.value("delivery") === "BATCHED" ? "BATCHED" : "IMMEDIATE",
    batchIntervalSeconds: r.numberOrNull("batchIntervalSeconds"),
    sources: r.strings("sources"),
  };
}

/** READ_RULES for these agents of a tenant. */
const readersRules = (tenantId: string, agentIds: readonly string[]): Statement<ReaderRow> => ({
  cypher: READ_RULES,
  params: { tenantId, agentIds: [...new Set(agentIds)] },
  decode: (r) => ({
    agentId: r.string("agentId"),
    readers: { rules: mapRows(r, "rules").map(ruleOf), broadcasts: r.value("delivery") === "BATCHED" ? "BATCHED" : "IMMEDIATE" },
  }),
});

/** What readers' feeds follow: each one's subscription rules, and how broadcasts reach it (Agent.broadcastDelivery: IMMEDIATE unless set to BATCHED). */
export async function loadReadersRules(target: GraphTarget, tenantId: string, agentIds: readonly string[]): Promise<Map<string, ReaderRules>> {
  // One auto-commit statement: every tenant's subscribers reread their rules every few seconds.
  const rows = await executor(target).read(readersRules(tenantId, agentIds));
  const byAgent = new Map<string, ReaderRules>(agentIds.map((id) => [id, { rules: [], broadcasts: "IMMEDIATE" }]));
  for (const row of rows) byAgent.set(row.agentId, row.readers);
  return byAgent;
}

/** One reader's rules and broadcast delivery. */
export async function loadReaderRules(target: GraphTarget, tenantId: string, agentId: string): Promise<ReaderRules> {
  return (await loadReadersRules(target, tenantId, [agentId])).get(agentId)!;
}

/** The subscription rules of one agent, as the feed matches them. */
export async function loadFeedRules(target: GraphTarget, tenantId: string, agentId: string): Promise<FeedRuleNode[]> {
  return (await loadReaderRules(target, tenantId, agentId)).rules;
}

export const HEAD = "OPTIONAL MATCH (c:OutboxCounter {tenantId: $tenantId}) RETURN coalesce(c.seq, 0) AS seq";

/** The last committed event of a tenant (0 when none): "live from now" starts after it. */
export async function outboxHead(target: GraphTarget, tenantId: string): Promise<number> {
  return onlyRow(await executor(target).read({ cypher: HEAD, params: { tenantId }, decode: (r) => r.number("seq") }));
}
