/**
 * `npm run bench:feed -- --tenants 1000 --gateways 3 [--processes] [--writes 500] [--warmup 100] [--concurrency 4] [--idle 20]`
 *
 * Issue #49's several gateways (started by feedGateways.ts: in this process, or with `--processes` one OS
 * process each). Each of `--tenants` tenants has one subscriber, on gateway `i % gateways`, whose one IMMEDIATE
 * rule selects every knowledge write of its tenant; the tenant's writer writes through the next gateway, so a
 * delivery crosses gateways whenever there are several.
 *
 * Measures, with no writes, the statements each gateway sends to Neo4j per second (`--idle` seconds, after the
 * subscribers have settled); then, for the measured writes, the time from an event's append to its delivery, and
 * lost, duplicated and unexpected deliveries against the outbox read back; and the CPU the gateways' processes
 * spent in each phase, from their own counters.
 */
import { forkAgents } from "./agentsProcess.js";
import { startFeedGateways } from "./feedGateways.js";
import { cpuSeconds } from "../support/procStats.js";
import { routeEvent, type FeedRule } from "../../src/feed/feedRules.js";
import { readOutbox } from "../../src/feed/readOutbox.js";
import { outboxHead } from "../../src/feed/loadFeedRules.js";
import { percentile } from "../locomo/metrics.js";
import { machineLine } from "../support/machine.js";
import type { AgentsPlan } from "./agents.js";

export interface ManyTenantsOptions {
  tenants: number;
  gateways: number;
  writes: number;
  warmup: number;
  concurrency: number;
  idleSeconds: number;
  /** One OS process a gateway, instead of all in this one. */
  processes: boolean;
}

const TYPES = ["Opportunity", "ProcessInsight", "Application", "ProcessUpdate"];
const DOMAINS = ["async", "security", "seo", "process", "ui", "data"];
const RULE: FeedRule = { knowledgeTypes: [], domains: [], minConfidence: 0, delivery: "IMMEDIATE", batchIntervalSeconds: null, sources: [] };
const say = (line: string) => process.stdout.write(`${line}\n`);
const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function manyTenants(o: ManyTenantsOptions): Promise<void> {
  // Before anything starts: the load average then is other work's, not this run's.
  say(`machine: ${machineLine()}`);
  const gws = await startFeedGateways(o.gateways, o.processes);
  const cpu = () => gws.pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
  try {
    const driver = gws.driver;
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
    const httpUrl = (g: number) => gws.url(g);
    const subscribers: NonNullable<AgentsPlan["subscribers"]> = {};
    const writers: NonNullable<AgentsPlan["writers"]> = [];
    for (const [i, tenantId] of tenantIds.entries()) {
      const token = await gws.token(tenantId, `sub-${i}`);
      subscribers[`sub-${i}`] = { url: httpUrl(i % o.gateways).replace(/^http/, "ws"), params: { authorization: `Bearer ${token}` } };
      const writer = await gws.token(tenantId, `writer-${i}`);
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
    const before = await gws.statements();
    const idleCpuBefore = cpu();
    const started = performance.now();
    await new Promise((r) => setTimeout(r, o.idleSeconds * 1000));
    const seconds = (performance.now() - started) / 1000;
    const idle = (await gws.statements()).map((n, g) => (n - before[g]!) / seconds);
    const idleCores = (cpu() - idleCpuBefore) / seconds;

    const heads = new Map(await Promise.all(tenantIds.map(async (t) => [t, await outboxHead({ driver, database }, t)] as const)));
    const writeCpuBefore = cpu();
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
    const writeCpu = cpu() - writeCpuBefore;

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
    const where = o.processes ? "one process each" : "in the bench's process";
    say(`bench:feed — ${o.tenants} tenants with a subscriber each, ${o.gateways} gateway(s) (${where})${gws.redis ? " sharing a Redis" : ""}`);
    say(`idle Neo4j statements/s over ${seconds.toFixed(0)} s: per gateway ${idle.map((n) => n.toFixed(2)).join(", ")}; all gateways ${sum.toFixed(2)}`);
    say(`${o.writes} writes (${o.concurrency} concurrent) in ${report.writeSeconds.toFixed(1)} s; deliveries expected ${expectedCount}; lost ${lost}, duplicated ${duplicated}, unexpected ${unexpected}`);
    say(`immediate, event appended → delivered (n=${fromAppend.length}): p50 ${ms(percentile(fromAppend, 50))}, p95 ${ms(percentile(fromAppend, 95))}, p99 ${ms(percentile(fromAppend, 99))}`);
    const whose = o.processes ? "the gateways' processes" : "the bench's process (gateways and setup)";
    say(`CPU of ${whose}: idle ${idleCores.toFixed(3)} cores; ${((writeCpu * 1000) / o.writes).toFixed(2)} ms a write while measured (deliveries included)`);
    if (lost || duplicated || unexpected) process.exitCode = 1;
  } finally {
    await gws.stop();
  }
}
