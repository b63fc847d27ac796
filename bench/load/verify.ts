/**
 * After the load: every acknowledged write read back from Neo4j, writes that
 * were refused looked for anyway, checks that would catch a half-done write,
 * and each feed subscriber's deliveries compared with the outbox.
 */
import neo4j, { type Driver } from "neo4j-driver";
import { routeEvent } from "../../src/feed/feedRules.js";
import { readOutbox } from "../../src/feed/readOutbox.js";
import type { OutboxEvent } from "../../src/core/outboxEvent.js";
import type { BenchAgent } from "./agent.js";
import type { FeedSubscriber } from "./feedSubscriber.js";

const num = (v: unknown) => (neo4j.isInt(v) ? (v as { toNumber(): number }).toNumber() : Number(v ?? 0));

export interface ReadBack {
  kind: string;
  acknowledged: number;
  present: number;
  /** Present but not as written (another owner, another source). */
  wrong: number;
  /** Answered with an error, yet found in the store. */
  refused: number;
  refusedPresent: number;
}

/** Each check counts what would show a write done by halves; all should be 0. */
export type Checks = [name: string, count: number][];

async function one(driver: Driver, query: string, params: Record<string, unknown> = {}): Promise<Record<string, number>> {
  const { records } = await driver.executeQuery(query, params, { database: "neo4j", routing: "READ" });
  const r = records[0];
  return r ? Object.fromEntries(r.keys.map((k) => [String(k), num(r.get(k))])) : {};
}

export async function readBack(driver: Driver, agents: BenchAgent[]): Promise<ReadBack[]> {
  const rows = <T>(f: (a: BenchAgent) => T[]) => agents.flatMap((a) => f(a).map((x) => ({ tenant: a.tenant, agent: a.id, ...x })));
  const memories = await one(
    driver,
    `UNWIND $rows AS row OPTIONAL MATCH (m:Memory {tenantId: row.tenant, id: row.id})
     RETURN count(row) AS acknowledged, count(m) AS present, count(CASE WHEN m.ownerId <> row.agent OR m.source <> row.key THEN 1 END) AS wrong`,
    { rows: rows((a) => a.writes.memories) },
  );
  const memoryKeys = agents.flatMap((a) => a.writes.memoriesRefused);
  const memoriesRefused = await one(driver, `MATCH (m:Memory) WHERE m.source IN $keys RETURN count(m) AS n`, { keys: memoryKeys });
  const turns = await one(
    driver,
    `UNWIND $rows AS row OPTIONAL MATCH (t:Turn {tenantId: row.tenant, sessionId: row.session, number: row.number})
     RETURN count(row) AS acknowledged, count(t) AS present, count(CASE WHEN t.ownerId <> row.agent THEN 1 END) AS wrong`,
    { rows: agents.flatMap((a) => a.writes.turns.map((t) => ({ tenant: a.tenant, agent: a.id, session: a.sessionId, number: neo4j.int(t.number) }))) },
  );
  // A retried turn answered created: false had been written by the attempt that failed.
  const retriedAndFound = agents.reduce((n, a) => n + a.writes.turns.filter((t) => !t.created).length, 0);
  const stored = await one(
    driver,
    `UNWIND $rows AS row OPTIONAL MATCH (b:Belief {tenantId: row.tenant, id: row.id}) OPTIONAL MATCH (i:Insight {tenantId: row.tenant, id: row.id})
     WITH row, coalesce(b, i) AS k
     RETURN count(row) AS acknowledged, count(k) AS present, count(CASE WHEN k.ownerId <> row.agent OR coalesce(k.content, k.insight) <> row.content THEN 1 END) AS wrong`,
    { rows: rows((a) => a.writes.stored) },
  );
  const contents = agents.flatMap((a) => a.writes.storedRefused);
  const storedRefused = await one(driver, `MATCH (k) WHERE (k:Belief OR k:Insight) AND coalesce(k.content, k.insight) IN $contents RETURN count(k) AS n`, { contents });
  return [
    { kind: "memories (createMemories)", acknowledged: memories.acknowledged!, present: memories.present!, wrong: memories.wrong!, refused: memoryKeys.length, refusedPresent: memoriesRefused.n! },
    { kind: "turns (recordTurn)", acknowledged: turns.acknowledged!, present: turns.present!, wrong: turns.wrong!, refused: -1, refusedPresent: retriedAndFound },
    { kind: "beliefs and insights (memoryStore)", acknowledged: stored.acknowledged!, present: stored.present!, wrong: stored.wrong!, refused: contents.length, refusedPresent: storedRefused.n! },
  ];
}

const CHECKS: [string, string][] = [
  ["memories without owner fields or their agent's REMEMBERS link",
    `MATCH (m:Memory) WHERE m.tenantId IN $tenants AND (m.ownerId IS NULL OR m.visibility IS NULL OR m.createdAt IS NULL OR m.embeddingStatus IS NULL
       OR NOT EXISTS { (a:Agent)-[:REMEMBERS]->(m) WHERE a.tenantId = m.tenantId AND a.id = m.ownerId }) RETURN count(m) AS n`],
  ["memories written twice (same source)", `MATCH (m:Memory) WHERE m.tenantId IN $tenants WITH m.source AS s, count(*) AS c WHERE c > 1 RETURN count(s) AS n`],
  ["turns without exactly one HAS_TURN from their session, or without owner",
    `MATCH (t:Turn) WHERE t.tenantId IN $tenants AND (t.ownerId IS NULL OR COUNT { (s:GameSession)-[:HAS_TURN]->(t) WHERE s.id = t.sessionId AND s.tenantId = t.tenantId } <> 1) RETURN count(t) AS n`],
  ["turns without their screenshot (every turn sent had one)", `MATCH (t:Turn) WHERE t.tenantId IN $tenants AND NOT EXISTS { (t)-[:HAS_SCREENSHOT]->(:Screenshot) } RETURN count(t) AS n`],
  ["screenshots without a turn", `MATCH (x:Screenshot) WHERE x.tenantId IN $tenants AND NOT EXISTS { (:Turn)-[:HAS_SCREENSHOT]->(x) } RETURN count(x) AS n`],
  ["sessions whose turnsCompleted is not their number of turns",
    `MATCH (s:GameSession) WHERE s.tenantId IN $tenants AND s.turnsCompleted <> COUNT { (s)-[:HAS_TURN]->(:Turn) } RETURN count(s) AS n`],
  ["sessions with a gap in turn numbers (not 1..n)",
    `MATCH (s:GameSession)-[:HAS_TURN]->(t:Turn) WHERE s.tenantId IN $tenants WITH s, count(t) AS c, min(t.number) AS lo, max(t.number) AS hi WHERE lo <> 1 OR hi <> c RETURN count(s) AS n`],
  ["beliefs/insights without their outbox event",
    `MATCH (k) WHERE (k:Belief OR k:Insight) AND k.tenantId IN $tenants AND NOT EXISTS { MATCH (e:OutboxEvent) WHERE e.tenantId = k.tenantId AND e.nodeId = k.id } RETURN count(k) AS n`],
  ["beliefs/insights whose pool state disagrees (confidence ≥ 0.7 ⇔ SHARED ⇔ one SharedKnowledge entry)",
    `MATCH (k) WHERE (k:Belief OR k:Insight) AND k.tenantId IN $tenants WITH k, COUNT { (:SharedKnowledge)-[:SHARES]->(k) } AS entries
     WHERE (k.confidence >= 0.7) <> (k.visibility = 'SHARED') OR entries <> CASE WHEN k.visibility = 'SHARED' THEN 1 ELSE 0 END RETURN count(k) AS n`],
  ["outbox events of a Belief/Insight that does not exist",
    `MATCH (e:OutboxEvent) WHERE e.tenantId IN $tenants AND e.nodeType IN ['Belief', 'Insight']
     OPTIONAL MATCH (b:Belief {tenantId: e.tenantId, id: e.nodeId}) OPTIONAL MATCH (i:Insight {tenantId: e.tenantId, id: e.nodeId})
     WITH e WHERE b IS NULL AND i IS NULL RETURN count(e) AS n`],
  ["tenants whose outbox is not 1..counter without gaps",
    `MATCH (e:OutboxEvent) WHERE e.tenantId IN $tenants WITH e.tenantId AS t, count(e) AS c, min(e.seq) AS lo, max(e.seq) AS hi
     OPTIONAL MATCH (k:OutboxCounter {tenantId: t}) WITH t WHERE lo <> 1 OR hi <> c OR k.seq <> hi RETURN count(t) AS n`],
];

export async function halfWritten(driver: Driver, tenants: string[]): Promise<Checks> {
  const out: Checks = [];
  for (const [name, query] of CHECKS) out.push([name, (await one(driver, query, { tenants })).n ?? 0]);
  return out;
}

export interface FeedCheck {
  subscribers: number;
  outboxEvents: number;
  expected: number;
  received: number;
  lost: number;
  duplicated: number;
  unexpected: number;
  /** Subscriptions that ended before the run did, by why. */
  ends: Record<string, number>;
  resubscribed: number;
}

/** Every event of each tenant's outbox the subscriber's rules select (routeEvent, the feed's own pure rule) against what it got. */
export async function checkFeeds(driver: Driver, agents: BenchAgent[], feeds: FeedSubscriber[], settleMs = 15_000): Promise<FeedCheck> {
  const outbox = new Map<string, OutboxEvent[]>();
  for (const tenant of new Set(agents.map((a) => a.tenant))) {
    const events: OutboxEvent[] = [];
    for (let after = 0; ; ) {
      const page = await readOutbox({ driver, database: "neo4j" }, tenant, after, 1000);
      if (!page.length) break;
      events.push(...page);
      after = page.at(-1)!.seq;
    }
    outbox.set(tenant, events);
  }
  const expected = agents.map((a) => new Set(outbox.get(a.tenant)!.filter((e) => routeEvent({ agentId: a.id, admin: false }, a.rules, e) !== null).map((e) => e.seq)));
  // Batched rules deliver every 2 s, and a subscriber may be between two subscriptions: give them time.
  const missing = () =>
    feeds.reduce((n, f, i) => {
      const got = new Set(f.log.receipts.map((r) => r.seq));
      return n + [...expected[i]!].filter((seq) => !got.has(seq)).length;
    }, 0);
  for (const deadline = Date.now() + settleMs; missing() > 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 250));
  await new Promise((r) => setTimeout(r, 2500)); // anything late and unexpected, or twice
  await Promise.all(feeds.map((f) => f.stop()));

  const check: FeedCheck = { subscribers: feeds.length, outboxEvents: [...outbox.values()].reduce((n, e) => n + e.length, 0), expected: 0, received: 0, lost: 0, duplicated: 0, unexpected: 0, ends: {}, resubscribed: 0 };
  feeds.forEach((f, i) => {
    const want = expected[i]!;
    const seen = new Map<number, number>();
    for (const r of f.log.receipts) seen.set(r.seq, (seen.get(r.seq) ?? 0) + 1);
    check.expected += want.size;
    check.received += f.log.receipts.length;
    for (const seq of want) if (!seen.has(seq)) check.lost++;
    for (const [seq, times] of seen) {
      if (!want.has(seq)) check.unexpected++;
      check.duplicated += times - 1;
    }
    for (const e of f.log.ends) check.ends[e.why] = (check.ends[e.why] ?? 0) + 1;
    check.resubscribed += f.log.subscriptions - 1;
  });
  return check;
}
