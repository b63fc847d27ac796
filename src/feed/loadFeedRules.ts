import neo4j, { type Driver } from "neo4j-driver";
import type { BroadcastDelivery, FeedRule } from "./feedRules.js";
import { readQuery } from "../graph/readQuery.js";

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
      knowledgeTypes: r.knowledgeTypes, domains: r.domains, minConfidence: r.minConfidence,
      delivery: r.delivery, batchIntervalSeconds: r.batchIntervalSeconds, sources: sources } END) AS rules
  }
  RETURN agentId, a.broadcastDelivery AS delivery, rules`;

export interface ReaderRules {
  rules: FeedRule[];
  broadcasts: BroadcastDelivery;
}

/** What readers' feeds follow: each one's subscription rules, and how broadcasts reach it (Agent.broadcastDelivery: IMMEDIATE unless set to BATCHED). */
export async function loadReadersRules(
  target: { driver: Driver; database: string },
  tenantId: string,
  agentIds: readonly string[],
): Promise<Map<string, ReaderRules>> {
  // One auto-commit statement: every tenant's subscribers reread their rules every few seconds.
  const records = await readQuery<{ agentId: string; rules: Record<string, unknown>[] | null; delivery: string | null }>(target, READ_RULES, { tenantId, agentIds: [...new Set(agentIds)] });
  const byAgent = new Map<string, ReaderRules>(agentIds.map((id) => [id, { rules: [], broadcasts: "IMMEDIATE" }]));
  for (const row of records) {
    const rules = (row.rules ?? []).map((r) => {
      const interval = r.batchIntervalSeconds;
      return {
        knowledgeTypes: (r.knowledgeTypes as string[] | null) ?? [],
        domains: (r.domains as string[] | null) ?? [],
        minConfidence: (r.minConfidence as number | null) ?? 0,
        delivery: r.delivery === "BATCHED" ? ("BATCHED" as const) : ("IMMEDIATE" as const),
        batchIntervalSeconds: interval === null || interval === undefined ? null : neo4j.integer.toNumber(interval as number),
        sources: r.sources as string[],
      };
    });
    byAgent.set(row.agentId, { rules, broadcasts: row.delivery === "BATCHED" ? "BATCHED" : "IMMEDIATE" });
  }
  return byAgent;
}

/** One reader's rules and broadcast delivery. */
export async function loadReaderRules(target: { driver: Driver; database: string }, tenantId: string, agentId: string): Promise<ReaderRules> {
  return (await loadReadersRules(target, tenantId, [agentId])).get(agentId)!;
}

/** The subscription rules of one agent, as the feed matches them. */
export async function loadFeedRules(target: { driver: Driver; database: string }, tenantId: string, agentId: string): Promise<FeedRule[]> {
  return (await loadReaderRules(target, tenantId, agentId)).rules;
}

export const HEAD = "OPTIONAL MATCH (c:OutboxCounter {tenantId: $tenantId}) RETURN coalesce(c.seq, 0) AS seq";

/** The last committed event of a tenant (0 when none): "live from now" starts after it. */
export async function outboxHead(target: { driver: Driver; database: string }, tenantId: string): Promise<number> {
  const [row] = await readQuery<{ seq: number }>(target, HEAD, { tenantId });
  return neo4j.integer.toNumber(row!.seq);
}
