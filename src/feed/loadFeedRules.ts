import neo4j, { type Driver } from "neo4j-driver";
import type { BroadcastDelivery, FeedRule } from "./feedRules.js";

// Rules are the SubscriptionRule nodes linked to the agent (the agent team's SUBSCRIBES_TO):
// (:Agent)-[:HAS_SUBSCRIPTION]->(:SubscriptionRule)-[:FROM_AGENT]->(:Agent source).
const READ = `
  MATCH (:Agent {tenantId: $tenantId, id: $agentId})-[:HAS_SUBSCRIPTION]->(r:SubscriptionRule {tenantId: $tenantId})
  OPTIONAL MATCH (r)-[:FROM_AGENT]->(s:Agent {tenantId: $tenantId})
  RETURN r.knowledgeTypes AS knowledgeTypes, r.domains AS domains, r.minConfidence AS minConfidence,
         r.delivery AS delivery, r.batchIntervalSeconds AS batchIntervalSeconds, collect(s.id) AS sources`;

/** The subscription rules of one agent, as the feed matches them. */
export async function loadFeedRules(target: { driver: Driver; database: string }, tenantId: string, agentId: string): Promise<FeedRule[]> {
  const { records } = await target.driver.executeQuery(READ, { tenantId, agentId }, { database: target.database, routing: "READ" });
  return records.map((r) => {
    const interval = r.get("batchIntervalSeconds") as unknown;
    return {
      knowledgeTypes: (r.get("knowledgeTypes") as string[] | null) ?? [],
      domains: (r.get("domains") as string[] | null) ?? [],
      minConfidence: (r.get("minConfidence") as number | null) ?? 0,
      delivery: r.get("delivery") === "BATCHED" ? "BATCHED" : "IMMEDIATE",
      batchIntervalSeconds: interval === null || interval === undefined ? null : neo4j.integer.toNumber(interval as number),
      sources: r.get("sources") as string[],
    };
  });
}

const BROADCASTS = "OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: $agentId}) RETURN a.broadcastDelivery AS delivery";

/** How broadcasts reach one agent (Agent.broadcastDelivery): IMMEDIATE unless it is set to BATCHED. */
export async function loadBroadcastDelivery(target: { driver: Driver; database: string }, tenantId: string, agentId: string): Promise<BroadcastDelivery> {
  const { records } = await target.driver.executeQuery(BROADCASTS, { tenantId, agentId }, { database: target.database, routing: "READ" });
  return records[0]?.get("delivery") === "BATCHED" ? "BATCHED" : "IMMEDIATE";
}

const HEAD = "OPTIONAL MATCH (c:OutboxCounter {tenantId: $tenantId}) RETURN coalesce(c.seq, 0) AS seq";

/** The last committed event of a tenant (0 when none): "live from now" starts after it. */
export async function outboxHead(target: { driver: Driver; database: string }, tenantId: string): Promise<number> {
  const { records } = await target.driver.executeQuery(HEAD, { tenantId }, { database: target.database, routing: "READ" });
  return neo4j.integer.toNumber(records[0]!.get("seq"));
}
