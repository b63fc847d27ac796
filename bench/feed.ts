/**
 * `npm run bench:feed -- [--agents 100] [--writes 1000] [--warmup 500] [--concurrency 4]`
 * (`--tenants N --gateways N [--processes]`: bench/feed/manyTenants.ts)
 *
 * 100 agents subscribe to knowledgeFeed over graphql-ws with mixed rules
 * (immediate, batched every 2 s, both); 10 writer agents make knowledge writes
 * through GraphQL (types without embeddings, so the embedding worker does not
 * compete for the CPU). The agents run in a process of their own
 * (bench/feed/agents.ts); `--warmup` writes go first, unmeasured. Reports, for
 * immediate deliveries, the time from sending the write to receiving it (it
 * includes the write itself), from the event's append in the write's
 * transaction (its createdAt: the gateway's wall clock, just before the commit)
 * to delivery, and from the write's response to delivery, and counts lost and
 * duplicated events against what the rules select (the same pure routeEvent,
 * on the outbox read back). With them, the CPU per write over the measured
 * writes and deliveries, from the processes' own counters: this process (the
 * gateway; the writers are in the agents' process) and the rest of its tree
 * but the agents (the embedded Neo4j).
 */
import { parseArgs } from "node:util";
import { forkAgents } from "./feed/agentsProcess.js";
import { routeEvent, type FeedRule } from "../src/feed/feedRules.js";
import { readOutbox } from "../src/feed/readOutbox.js";
import { outboxHead } from "../src/feed/loadFeedRules.js";
import { percentile } from "./locomo/metrics.js";
import { machineLine } from "./support/machine.js";
import { seededRandom } from "./support/seededRandom.js";
import { startBenchGateway } from "./support/benchGateway.js";
import { cpuSeconds } from "./support/procStats.js";
import { treeCpuSeconds } from "./support/treeCpu.js";
import type { AgentsPlan, Receipt } from "./feed/agents.js";

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "100" },
    writes: { type: "string", default: "1000" },
    warmup: { type: "string", default: "500" },
    concurrency: { type: "string", default: "4" },
    tenants: { type: "string" },
    gateways: { type: "string" },
    idle: { type: "string", default: "20" },
    processes: { type: "boolean", default: false },
  },
});
if (values.tenants !== undefined || values.gateways !== undefined) {
  // Several tenants and gateways: bench/feed/manyTenants.ts.
  const { manyTenants } = await import("./feed/manyTenants.js");
  await manyTenants({ tenants: Number(values.tenants ?? 1), gateways: Number(values.gateways ?? 1), writes: Number(values.writes), warmup: Number(values.warmup), concurrency: Number(values.concurrency), idleSeconds: Number(values.idle), processes: values.processes });
  process.exit(process.exitCode ?? 0);
}
const AGENTS = Number(values.agents);
const WRITES = Number(values.writes);
const CONCURRENCY = Number(values.concurrency);
const WARMUP = Number(values.warmup);
// Knowledge types without embeddings: the embedding worker would otherwise share the CPU with what is measured.
const TYPES = ["Opportunity", "ProcessInsight", "Application", "ProcessUpdate"];
const DOMAINS = ["async", "security", "seo", "process", "ui", "data"];
const random = seededRandom(5);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const say = (line: string) => process.stdout.write(`${line}\n`);

say(`machine: ${machineLine()}`);
const gw = await startBenchGateway();
const driver = gw.app.driver;
const database = "neo4j";
const tenant = "local";
try {
  // Rules: a third immediate, a third batched, a third both; each on one or two types and domains.
  const rulesOf = new Map<string, FeedRule[]>();
  for (let i = 0; i < AGENTS; i++) {
    const agentId = `feed-bench-${i}`;
    const make = (delivery: "IMMEDIATE" | "BATCHED"): FeedRule => ({
      knowledgeTypes: random() < 0.2 ? [] : [pick(TYPES), pick(TYPES)],
      domains: random() < 0.3 ? [] : [pick(DOMAINS), pick(DOMAINS)],
      minConfidence: Math.round(random() * 6) / 10,
      delivery,
      batchIntervalSeconds: delivery === "BATCHED" ? 2 : null,
      sources: [],
    });
    const rules = i % 3 === 0 ? [make("IMMEDIATE")] : i % 3 === 1 ? [make("BATCHED")] : [make("IMMEDIATE"), make("BATCHED")];
    rulesOf.set(agentId, rules);
    await driver.executeQuery(
      `MERGE (a:Agent {tenantId: $tenant, id: $agentId}) ON CREATE SET a.ownerId = $agentId, a.visibility = 'SHARED', a.sharedWith = [], a.name = $agentId, a.role = 'bench', a.createdAt = datetime()
       WITH a UNWIND $rules AS r
       CREATE (a)-[:HAS_SUBSCRIPTION]->(:SubscriptionRule {tenantId: $tenant, id: randomUUID(), ownerId: $agentId, visibility: 'SHARED', sharedWith: [],
         knowledgeTypes: r.knowledgeTypes, domains: r.domains, minConfidence: r.minConfidence, delivery: r.delivery, batchIntervalSeconds: r.batchIntervalSeconds, tier: 'DIRECT', createdAt: datetime()})`,
      { tenant, agentId, rules: rules.map((r) => ({ ...r, batchIntervalSeconds: r.batchIntervalSeconds === null ? null : 2 })) },
      { database },
    );
  }
  const start = await outboxHead({ driver, database }, tenant);

  // The agents (100 subscribers, the writers) run in a process of their own, as real agents do:
  // their WebSocket and JSON work does not share the gateway's event loop.
  const { agents, warm, reported } = forkAgents();
  const plan: AgentsPlan = { url: `ws://127.0.0.1:${gw.app.gateway.port}/graphql`, agents: [...rulesOf.keys()], after: String(start), writes: WRITES, warmup: WARMUP, concurrency: CONCURRENCY, types: TYPES, domains: DOMAINS };
  agents.send(plan);
  // Measured from here: the warm-up writes (JIT compilation in a fresh Neo4j takes most of a core at first) are before `measuredFrom`.
  await warm;
  const measuredFrom = await outboxHead({ driver, database }, tenant);
  // CPU seconds so far: this process (the gateway), the agents' process, and the whole tree (Neo4j besides them).
  const cpuNow = () => {
    const own = process.cpuUsage();
    return { own: (own.user + own.system) / 1e6, agents: cpuSeconds(agents.pid!) ?? 0, tree: treeCpuSeconds() ?? 0 };
  };
  const cpuFrom = cpuNow();
  agents.send({ measure: true });

  // What the rules select, from the outbox as committed (read once the writes are done: the head stops moving).
  for (let head = -1, now = await outboxHead({ driver, database }, tenant); head !== now || now - measuredFrom < WRITES; ) {
    await new Promise((r) => setTimeout(r, 500));
    [head, now] = [now, await outboxHead({ driver, database }, tenant)];
  }
  const events = [];
  for (let after = measuredFrom; ; ) {
    const page = await readOutbox({ driver, database }, tenant, after, 1000);
    if (!page.length) break;
    events.push(...page);
    after = page[page.length - 1]!.seq;
  }
  const expected = new Map<string, Set<string>>();
  for (const [agentId, rules] of rulesOf) {
    expected.set(agentId, new Set(events.filter((e) => routeEvent({ agentId, admin: true }, rules, e) !== null).map((e) => e.nodeId)));
  }
  const total = [...expected.values()].reduce((n, s) => n + s.size, 0);
  agents.send({ expected: total });
  const report = await reported;
  const cpuTo = cpuNow();
  const writeSeconds = report.writeSeconds;
  const sent = new Map(report.sent);
  const received = new Map<string, Map<string, Receipt[]>>([...rulesOf.keys()].map((a) => [a, new Map()]));
  for (const r of report.receipts) {
    const got = received.get(r.agentId)!;
    got.set(r.nodeId, [...(got.get(r.nodeId) ?? []), r]);
  }
  const count = () => [...received.values()].reduce((n, m) => n + m.size, 0);

  let lost = 0;
  let duplicated = 0;
  let unexpected = 0;
  const fromSend: number[] = [];
  const fromResponse: number[] = [];
  const fromAppend: number[] = [];
  for (const [agentId, want] of expected) {
    const got = received.get(agentId)!;
    for (const id of want) if (!got.has(id)) lost++;
    for (const [id, times] of got) {
      if (!want.has(id)) unexpected++;
      duplicated += times.length - 1;
      const w = sent.get(id);
      if (w && times[0]!.mode === "IMMEDIATE") {
        fromSend.push(times[0]!.at - w.sentAt);
        fromResponse.push(Math.max(0, times[0]!.at - w.doneAt));
        // The event's createdAt is the gateway's wall clock when the write's transaction appended it, before its commit.
        fromAppend.push(times[0]!.wall - times[0]!.appendedAt);
      }
    }
  }
  say(`bench:feed — ${AGENTS} subscribers, ${WRITES} writes (${CONCURRENCY} concurrent) in ${writeSeconds.toFixed(1)} s (${(WRITES / writeSeconds).toFixed(0)} writes/s)`);
  say(`deliveries expected ${total}, received ${count()}; lost ${lost}, duplicated ${duplicated}, unexpected ${unexpected}`);
  say(`immediate, write sent → delivered (n=${fromSend.length}): p50 ${ms(percentile(fromSend, 50))}, p95 ${ms(percentile(fromSend, 95))}, p99 ${ms(percentile(fromSend, 99))}`);
  say(`immediate, event appended in the write's transaction (just before its commit) → delivered: p50 ${ms(percentile(fromAppend, 50))}, p95 ${ms(percentile(fromAppend, 95))}, p99 ${ms(percentile(fromAppend, 99))}`);
  say(`immediate, write response → delivered: p50 ${ms(percentile(fromResponse, 50))}, p95 ${ms(percentile(fromResponse, 95))}, p99 ${ms(percentile(fromResponse, 99))}`);
  const gatewayMs = ((cpuTo.own - cpuFrom.own) * 1000) / WRITES;
  const neo4jMs = ((cpuTo.tree - cpuFrom.tree - (cpuTo.own - cpuFrom.own) - (cpuTo.agents - cpuFrom.agents)) * 1000) / WRITES;
  say(`CPU per write, from the measured writes until every delivery was in: gateway ${ms(gatewayMs)}, Neo4j ${ms(neo4jMs)} (the agents' process ${ms(((cpuTo.agents - cpuFrom.agents) * 1000) / WRITES)})`);
  if (lost || duplicated || unexpected) process.exitCode = 1;
} finally {
  await gw.stop();
}
