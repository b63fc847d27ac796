/**
 * `npm run bench:feed -- --tenants 1000 --gateways 3 [--writes 500] [--warmup 100] [--concurrency 4] [--idle 20]`
 *
 * Issue #49's several gateways: `--gateways` gateway processes' worth of apps (in this process, each with its
 * own driver) on one embedded Neo4j, sharing a Redis of the bench's own when there are several (REDIS_URL, as a
 * deployment of several gateways would), with tokens on. Each of `--tenants` tenants has one subscriber, on
 * gateway `i % gateways`, whose one IMMEDIATE rule selects every knowledge write of its tenant; the tenant's
 * writer writes through the next gateway, so a delivery crosses gateways whenever there are several.
 *
 * Measures, with no writes, the statements each gateway sends to Neo4j per second (`--idle` seconds, after the
 * subscribers have settled), counted from the driver's own debug log (one Bolt RUN a statement, every statement
 * of the process: the feed's, the workers', @neo4j/graphql's); then, for the measured writes, the time from an
 * event's append to its delivery, and lost, duplicated and unexpected deliveries against the outbox read back.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { forkAgents } from "./agentsProcess.js";
import { startRedis } from "../support/redisServer.js";
import { loadConfig } from "../../src/config/config.js";
import { createLogger } from "../../src/logging/logger.js";
import { startApp, type App } from "../../src/app/startApp.js";
import { signToken } from "../../src/auth/tokens.js";
import { routeEvent, type FeedRule } from "../../src/feed/feedRules.js";
import { readOutbox } from "../../src/feed/readOutbox.js";
import { outboxHead } from "../../src/feed/loadFeedRules.js";
import { percentile } from "../locomo/metrics.js";
import type { AgentsPlan } from "./agents.js";

export interface ManyTenantsOptions {
  tenants: number;
  gateways: number;
  writes: number;
  warmup: number;
  concurrency: number;
  idleSeconds: number;
}

const TYPES = ["Opportunity", "ProcessInsight", "Application", "ProcessUpdate"];
const DOMAINS = ["async", "security", "seo", "process", "ui", "data"];
const RULE: FeedRule = { knowledgeTypes: [], domains: [], minConfidence: 0, delivery: "IMMEDIATE", batchIntervalSeconds: null, sources: [] };
const say = (line: string) => process.stdout.write(`${line}\n`);
const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function manyTenants(o: ManyTenantsOptions): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "mnemograph-bench-"));
  const secret = `bench-${randomUUID()}-${randomUUID()}`;
  const redis = o.gateways > 1 ? await startRedis() : null;
  const statements: number[] = [];
  const apps: App[] = [];
  try {
    for (let g = 0; g < o.gateways; g++) {
      const first = apps[0]?.localNeo4j;
      const config = loadConfig({
        ...process.env,
        PORT: "0",
        MNEMOGRAPH_AUTH: "token",
        JWT_SECRET: secret,
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
        WARMUP_SECONDS: "0",
        RATE_LIMIT_PER_MINUTE: "1000000",
        MNEMOGRAPH_DATA_DIR: dataDir,
        NEO4J_HEAP: process.env.NEO4J_HEAP ?? "2g",
        NEO4J_PAGECACHE: process.env.NEO4J_PAGECACHE ?? "1g",
        ...(first ? { NEO4J_URI: first.uri, NEO4J_USER: first.user, NEO4J_PASSWORD: first.password } : {}),
        ...(redis ? { REDIS_URL: redis.url } : {}),
      });
      statements.push(0);
      apps.push(await startApp(config, createLogger({ logLevel: config.logLevel }), { boltLog: (line) => line.includes(" C: RUN ") && (statements[g] = statements[g]! + 1) }));
    }
    const driver = apps[0]!.driver;
    const database = "neo4j";
    const tenantIds = Array.from({ length: o.tenants }, (_, i) => `feedt-${i}`);
    await driver.executeQuery(
      `UNWIND range(0, $n - 1) AS i
       WITH 'feedt-' + i AS tenant, 'sub-' + i AS agentId
       CREATE (a:Agent {tenantId: tenant, id: agentId, ownerId: agentId, visibility: 'SHARED', sharedWith: [], name: agentId, role: 'bench', createdAt: datetime()})
       CREATE (a)-[:HAS_SUBSCRIPTION]->(:SubscriptionRule {tenantId: tenant, id: randomUUID(), ownerId: agentId, visibility: 'SHARED', sharedWith: [],
         knowledgeTypes: [], domains: [], minConfidence: 0.0, delivery: 'IMMEDIATE', tier: 'DIRECT', createdAt: datetime()})`,
      { n: o.tenants },
      { database },
    );
    const httpUrl = (g: number) => `http://127.0.0.1:${apps[g]!.gateway.port}/graphql`;
    const subscribers: NonNullable<AgentsPlan["subscribers"]> = {};
    const writers: NonNullable<AgentsPlan["writers"]> = [];
    for (const [i, tenantId] of tenantIds.entries()) {
      const token = await signToken(secret, { tenantId, agentId: `sub-${i}`, roles: ["agent"] }, 7200);
      subscribers[`sub-${i}`] = { url: httpUrl(i % o.gateways).replace(/^http/, "ws"), params: { authorization: `Bearer ${token}` } };
      const writer = await signToken(secret, { tenantId, agentId: `writer-${i}`, roles: ["agent"] }, 7200);
      writers.push({ url: httpUrl((i + 1) % o.gateways), headers: { authorization: `Bearer ${writer}` } });
    }

    const { agents, warm, reported } = forkAgents();
    const plan: AgentsPlan = { url: "", agents: Object.keys(subscribers), subscribers, writers, wave: 50, after: "0", writes: o.writes, warmup: o.warmup, concurrency: o.concurrency, types: TYPES, domains: DOMAINS };
    // An agents process that dies (a write refused under overload) ends the run through `finally`: nothing left running.
    reported.catch(() => {});
    agents.send(plan);
    await Promise.race([warm, reported.then(() => {})]);

    // Idle: the subscribers are live and nothing writes. A few seconds first, for the intervals to stretch.
    await new Promise((r) => setTimeout(r, 5000));
    const before = [...statements];
    const started = performance.now();
    await new Promise((r) => setTimeout(r, o.idleSeconds * 1000));
    const seconds = (performance.now() - started) / 1000;
    const idle = statements.map((n, g) => (n - before[g]!) / seconds);

    const heads = new Map(await Promise.all(tenantIds.map(async (t) => [t, await outboxHead({ driver, database }, t)] as const)));
    agents.send({ measure: true });
    // What the rule selects, from the outbox as committed, once the heads stop moving.
    const total = async () => (await Promise.all(tenantIds.map((t) => outboxHead({ driver, database }, t)))).reduce((a, b) => a + b, 0);
    const from = [...heads.values()].reduce((a, b) => a + b, 0);
    for (let last = -1, now = await total(); last !== now || now - from < o.writes; ) {
      await new Promise((r) => setTimeout(r, 1000));
      [last, now] = [now, await total()];
    }
    const expected = new Map<string, Set<string>>();
    for (const [i, tenantId] of tenantIds.entries()) {
      const events = [];
      for (let after = heads.get(tenantId)!; ; ) {
        const page = await readOutbox({ driver, database }, tenantId, after, 1000);
        if (!page.length) break;
        events.push(...page);
        after = page[page.length - 1]!.seq;
      }
      const agentId = `sub-${i}`;
      expected.set(agentId, new Set(events.filter((e) => routeEvent({ agentId, admin: false }, [RULE], e) !== null).map((e) => e.nodeId)));
    }
    const expectedCount = [...expected.values()].reduce((n, s) => n + s.size, 0);
    agents.send({ expected: expectedCount });
    const report = await reported;

    let lost = 0;
    let duplicated = 0;
    let unexpected = 0;
    const fromAppend: number[] = [];
    const got = new Map<string, Map<string, number[]>>();
    for (const r of report.receipts) {
      const mine = got.get(r.agentId) ?? new Map<string, number[]>();
      got.set(r.agentId, mine);
      mine.set(r.nodeId, [...(mine.get(r.nodeId) ?? []), r.wall - r.appendedAt]);
    }
    for (const [agentId, want] of expected) {
      const mine = got.get(agentId) ?? new Map<string, number[]>();
      for (const id of want) if (!mine.has(id)) lost++;
      for (const [id, times] of mine) {
        if (!want.has(id)) unexpected++;
        duplicated += times.length - 1;
        fromAppend.push(times[0]!);
      }
    }
    const sum = idle.reduce((a, b) => a + b, 0);
    say(`bench:feed — ${o.tenants} tenants with a subscriber each, ${o.gateways} gateway(s)${redis ? " sharing a Redis" : ""}`);
    say(`idle Neo4j statements/s over ${seconds.toFixed(0)} s: per gateway ${idle.map((n) => n.toFixed(2)).join(", ")}; all gateways ${sum.toFixed(2)}`);
    say(`${o.writes} writes (${o.concurrency} concurrent) in ${report.writeSeconds.toFixed(1)} s; deliveries expected ${expectedCount}; lost ${lost}, duplicated ${duplicated}, unexpected ${unexpected}`);
    say(`immediate, event appended → delivered (n=${fromAppend.length}): p50 ${ms(percentile(fromAppend, 50))}, p95 ${ms(percentile(fromAppend, 95))}, p99 ${ms(percentile(fromAppend, 99))}`);
    if (lost || duplicated || unexpected) process.exitCode = 1;
  } finally {
    for (const app of apps.reverse()) await app.stop();
    await redis?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
