import type { BroadcastDelivery, FeedRuleNode } from "./feedRules.js";
import { executor, type GraphTarget } from "../graph/executor.js";
import { onlyRow, type Row, type Statement } from "../graph/statement.js";
import { cypherInt } from "../graph/readQuery.js";

// Rules are the SubscriptionRule nodes linked to the agent (the agent team's SUBSCRIBES_TO):
// (:Agent)-[:HAS_SUBSCRIPTION]->(:SubscriptionRule)-[:FROM_AGENT]->(:Agent source); with the agent's
// broadcastDelivery. One statement for every subscriber of this process, of every tenant (each reads them again
// every few seconds: with one statement each, fifty subscribers sent ten a second, and a statement per tenant
// grew with the tenants).
export const READ_RULES = `
  UNWIND $readers AS reader
  WITH reader.tenantId AS tenantId, reader.agentId AS agentId
  OPTIONAL MATCH (a:Agent {tenantId: tenantId, id: agentId})
  CALL (a, tenantId) {
    OPTIONAL MATCH (a)-[:HAS_SUBSCRIPTION]->(r:SubscriptionRule {tenantId: tenantId})
    OPTIONAL MATCH (r)-[:FROM_AGENT]->(s:Agent {tenantId: tenantId})
    WITH r, collect(s.id) AS sources
    RETURN collect(CASE WHEN r IS NULL THEN null ELSE {
      id: r.id, knowledgeTypes: r.knowledgeTypes, domains: r.domains, minConfidence: r.minConfidence,
      delivery: r.delivery, batchIntervalSeconds: r.batchIntervalSeconds, sources: sources } END) AS rules
  }
  RETURN tenantId, agentId, a.broadcastDelivery AS delivery, rules`;

export interface ReaderRules {
  rules: FeedRuleNode[];
  broadcasts: BroadcastDelivery;
}

/** A subscriber: an agent of a tenant. */
export interface FeedReaderKey {
  tenantId: string;
  agentId: string;
}

/** One reader's row of READ_RULES. */
interface ReaderRow extends FeedReaderKey {
  readers: ReaderRules;
}

function ruleOf(r: Row): FeedRuleNode {
  return {
    id: r.string("id"),
    knowledgeTypes: r.stringsOrEmpty("knowledgeTypes"),
    domains: r.stringsOrEmpty("domains"),
    minConfidence: r.numberOrNull("minConfidence") ?? 0,
    delivery: r.value("delivery") === "BATCHED" ? "BATCHED" : "IMMEDIATE",
    batchIntervalSeconds: r.numberOrNull("batchIntervalSeconds"),
    sources: r.strings("sources"),
  };
}

/** READ_RULES for these readers. */
const readersRules = (readers: readonly FeedReaderKey[]): Statement<ReaderRow> => ({
  cypher: READ_RULES,
  params: { readers: readers.map(({ tenantId, agentId }) => ({ tenantId, agentId })) },
  decode: (r) => ({
    tenantId: r.string("tenantId"),
    agentId: r.string("agentId"),
    readers: { rules: r.rows("rules").map(ruleOf), broadcasts: r.value("delivery") === "BATCHED" ? "BATCHED" : "IMMEDIATE" },
  }),
});

/** The key of a reader in the maps below. */
export const readerKey = (tenantId: string, agentId: string): string => JSON.stringify([tenantId, agentId]);

/**
 * What readers' feeds follow, by readerKey: each one's subscription rules, and how broadcasts reach it
 * (Agent.broadcastDelivery: IMMEDIATE unless set to BATCHED). Readers of any tenants, in one statement.
 */
export async function loadAllReadersRules(target: GraphTarget, readers: readonly FeedReaderKey[]): Promise<Map<string, ReaderRules>> {
  const unique = [...new Map(readers.map((r) => [readerKey(r.tenantId, r.agentId), r])).values()];
  // One auto-commit statement: every subscriber of the process rereads its rules every few seconds.
  const rows = unique.length ? await executor(target).read(readersRules(unique)) : [];
  const byReader = new Map<string, ReaderRules>(unique.map((r) => [readerKey(r.tenantId, r.agentId), { rules: [], broadcasts: "IMMEDIATE" }]));
  for (const row of rows) byReader.set(readerKey(row.tenantId, row.agentId), row.readers);
  return byReader;
}

/** What these readers of one tenant follow, by agent id (loadAllReadersRules). */
export async function loadReadersRules(target: GraphTarget, tenantId: string, agentIds: readonly string[]): Promise<Map<string, ReaderRules>> {
  const all = await loadAllReadersRules(target, agentIds.map((agentId) => ({ tenantId, agentId })));
  return new Map(agentIds.map((agentId) => [agentId, all.get(readerKey(tenantId, agentId))!]));
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

// Which of the tenants listened to in this process have events after the last one it has: one statement for all of
// them, so a process's idle feed costs the same with one tenant as with a thousand. The counter is committed with
// the events it numbers (outboxSequencer.ts NUMBER), so a counter ahead of `last` means events to read; it comes
// back too, for the caller to compare with what it has been handed meanwhile.
export const MOVED = `
  UNWIND $tenants AS t
  MATCH (c:OutboxCounter {tenantId: t.tenantId}) WHERE c.seq > t.last
  RETURN c.tenantId AS tenantId, c.seq AS seq`;

/** Of these tenants (each with the last seq this process has), the ones whose outbox has moved past it, with their last seq. */
export async function movedTenants(target: GraphTarget, tenants: readonly { tenantId: string; last: number }[]): Promise<{ tenantId: string; seq: number }[]> {
  if (tenants.length === 0) return [];
  const params = { tenants: tenants.map(({ tenantId, last }) => ({ tenantId, last: cypherInt(last) })) };
  return executor(target).read({ cypher: MOVED, params, decode: (r) => ({ tenantId: r.string("tenantId"), seq: r.number("seq") }) });
}

/** The last committed event of a tenant (0 when none): "live from now" starts after it. */
export async function outboxHead(target: GraphTarget, tenantId: string): Promise<number> {
  return onlyRow(await executor(target).read({ cypher: HEAD, params: { tenantId }, decode: (r) => r.number("seq") }));
}
