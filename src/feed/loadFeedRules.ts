import neo4j, { type Driver } from "neo4j-driver";
import type { BroadcastDelivery, FeedRule } from "./feedRules.js";

// Rules are the SubscriptionRule nodes linked to the agent (the agent team's SUBSCRIBES_TO):
// (:Agent)-[:HAS_SUBSCRIPTION]->(:SubscriptionRule)-[:FROM_AGENT]->(:Agent source); with the agent's
// broadcastDelivery, in one statement (every subscriber reads them again every few seconds).
const READ = `
  OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
  OPTIONAL MATCH (a)-[:HAS_SUBSCRIPTION]->(r:SubscriptionRule {tenantId: $tenantId})
  OPTIONAL MATCH (r)-[:FROM_AGENT]->(s:Agent {tenantId: $tenantId})
  WITH a, r, collect(s.id) AS sources
  RETURN a.broadcastDelivery AS delivery,
         collect(CASE WHEN r IS NULL THEN null ELSE {
           knowledgeTypes: r.knowledgeTypes, domains: r.domains, minConfidence: r.minConfidence,
           delivery: r.delivery, batchIntervalSeconds: r.batchIntervalSeconds, sources: sources } END) AS rules`;

/** What one reader's feed follows: its subscription rules, and how broadcasts reach it (Agent.broadcastDelivery: IMMEDIATE unless set to BATCHED). */
export async function loadReaderRules(
  target: { driver: Driver; database: string },
  tenantId: string,
  agentId: string,
): Promise<{ rules: FeedRule[]; broadcasts: BroadcastDelivery }> {
  const { records } = await target.driver.executeQuery(READ, { tenantId, agentId }, { database: target.database, routing: "READ" });
  const row = records[0];
  const rules = ((row?.get("rules") as Record<string, unknown>[] | undefined) ?? []).map((r) => {
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
  return { rules, broadcasts: row?.get("delivery") === "BATCHED" ? "BATCHED" : "IMMEDIATE" };
}

/** The subscription rules of one agent, as the feed matches them. */
export async function loadFeedRules(target: { driver: Driver; database: string }, tenantId: string, agentId: string): Promise<FeedRule[]> {
  return (await loadReaderRules(target, tenantId, agentId)).rules;
}

const HEAD = "OPTIONAL MATCH (c:OutboxCounter {tenantId: $tenantId}) RETURN coalesce(c.seq, 0) AS seq";

/** The last committed event of a tenant (0 when none): "live from now" starts after it. */
export async function outboxHead(target: { driver: Driver; database: string }, tenantId: string): Promise<number> {
  const { records } = await target.driver.executeQuery(HEAD, { tenantId }, { database: target.database, routing: "READ" });
  return neo4j.integer.toNumber(records[0]!.get("seq"));
}
