/**
 * `npm run bench:writes -- [--clients 50] [--seconds 30] [--batch 100] [--bulk-clients 2] [--only single|bulk] [--gateway <checkout>]`
 *
 * What one memory written alone costs against one written in a batch, in the
 * same run on the same gateway (bench:load's: a child process on its embedded
 * Neo4j, token auth). Two phases, each timed from its first request until
 * every memory it wrote is embedded (the embedding worker's time counts: a
 * memory is searchable by meaning only then):
 * - single: `--clients` agents, each sending createMemories with one memory,
 *   the next when the last is answered, for `--seconds`;
 * - bulk: `--bulk-clients` agents sending recordMemories with `--batch`
 *   memories each, for `--seconds`.
 * Prints memories per second of each and the ratio (issue #23: single ≥ 50%
 * of bulk), with the single path's latency, and the CPU per memory of the
 * gateway and of Neo4j over the phase (their own counters, until embedded).
 * `--only` runs one phase (to compare a setting of one path side by side; no
 * ratio then). `--probe-words` adds, during the single phase, one more agent
 * that writes a memory holding a word nobody else writes and, once answered,
 * asks the full-text index for that word every 10 ms: how long after its
 * answer a write is found by its words (eventually consistent indexes).
 */
import { parseArgs } from "node:util";
import type { Driver } from "neo4j-driver";
import { gql, type Answer } from "./load/agent.js";
import { startLoadGateway } from "./load/loadGateway.js";
import { percentile } from "./locomo/metrics.js";
import { cpuSeconds } from "./support/procStats.js";
import { syntheticMemories } from "./search/syntheticMemories.js";
import { machineLine } from "./support/machine.js";
import { RECALL_INDEX } from "../src/search/index.js";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "50" },
    seconds: { type: "string", default: "30" },
    batch: { type: "string", default: "100" },
    "bulk-clients": { type: "string", default: "2" },
    only: { type: "string" },
    gateway: { type: "string" },
    "probe-words": { type: "boolean", default: false },
  },
});
if (values.only !== undefined && values.only !== "single" && values.only !== "bulk") throw new Error(`--only takes single or bulk, not ${values.only}`);
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const BATCH = Number(values.batch);
const BULK_CLIENTS = Number(values["bulk-clients"]);

const CREATE_AGENTS = `mutation ($input: [AgentCreateInput!]!) { createAgents(input: $input) { agents { id } } }`;
const CREATE = `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`;
const RECORD = `mutation ($memories: [MemoryInput!]!) { recordMemories(memories: $memories) { ids } }`;

interface Phase {
  /** performance.now() of the phase's first request. */
  started: number;
  memories: number;
  seconds: number;
  /** CPU seconds of the gateway and of Neo4j from the phase's first request until its memories were embedded. */
  cpu: { gateway: number; neo4j: number };
  /** With --probe-words: ms from a probe write's answer until the full-text index found it. */
  wordLags: number[];
  /** Answered SERVICE_BUSY or RATE_LIMITED (the client waited the Retry-After, then went on). */
  refused: number;
  errors: number;
  latencies: number[];
}

const machine = machineLine();
const gw = await startLoadGateway({}, values.gateway);
try {
  const single = values.only === "bulk" ? null : await timed("single", CLIENTS, async (agent, token, n) => {
    const { occurredAt: _, ...memory } = syntheticMemories(agent * 1_000_000 + n, 1)[0]!;
    return counted(await gql(gw.url, token, CREATE, { input: [{ ...memory, agent: { connect: [{ where: { node: { id: { eq: `single-${agent}` } } } }] } }] }), 1);
  });
  const bulk = values.only === "single" ? null : await timed("bulk", BULK_CLIENTS, async (agent, token, n) => {
    const memories = syntheticMemories(500_000_000 + (agent * 1_000_000 + n) * BATCH, BATCH).map(({ occurredAt: _, ...m }) => m);
    return counted(await gql(gw.url, token, RECORD, { memories }), BATCH);
  });
  const rate = (p: Phase) => p.memories / p.seconds;
  const lines = [
    "",
    `## One memory at a time against a batch (${new Date().toISOString().slice(0, 10)})`,
    "",
    `\`npm run bench:writes -- --clients ${CLIENTS} --seconds ${SECONDS} --batch ${BATCH} --bulk-clients ${BULK_CLIENTS}${values.only ? ` --only ${values.only}` : ""}${values.gateway ? ` --gateway ${values.gateway}` : ""}\`. Machine: ${machine}. bench:load's gateway (token auth, embedded Neo4j, default settings). Each phase is timed from its first request until every memory it wrote is embedded.`,
    "",
    "| path | clients | memories | refused (SERVICE_BUSY, waited) | errors | seconds (until embedded) | memories/s | request p50 / p95 ms | CPU per memory: gateway / Neo4j ms |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...(single ? [row("createMemories, one memory per call", CLIENTS, single)] : []),
    ...(bulk ? [row(`recordMemories, ${BATCH} per call`, BULK_CLIENTS, bulk)] : []),
    ...(single && single.wordLags.length > 0 ? ["", wordLagLine(single.wordLags)] : []),
    ...(single && bulk ? ["", `One memory per call writes at **${((100 * rate(single)) / rate(bulk)).toFixed(0)}%** of the batch's rate per memory (issue #23: ≥ 50%).`] : []),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
} finally {
  await gw.stop();
}

/** Memories an answer wrote, or the refusal with how long the gateway asked to wait (SERVICE_BUSY, RATE_LIMITED). */
function counted(answer: Answer, memories: number): { wrote: number; code: string | null; waitMs: number } {
  return { wrote: answer.code === null ? memories : 0, code: answer.code, waitMs: (answer.retryAfterSeconds ?? 0) * 1000 };
}

function row(name: string, clients: number, p: Phase): string {
  const perMemory = (seconds: number) => ((1000 * seconds) / Math.max(1, p.memories)).toFixed(2);
  return `| ${name} | ${clients} | ${p.memories} | ${p.refused} | ${p.errors} | ${p.seconds.toFixed(1)} | ${(p.memories / p.seconds).toFixed(0)} | ${percentile(p.latencies, 50).toFixed(0)} / ${percentile(p.latencies, 95).toFixed(0)} | ${perMemory(p.cpu.gateway)} / ${perMemory(p.cpu.neo4j)} |`;
}

function wordLagLine(lags: number[]): string {
  return `Found by its words after its answer (${lags.length} probe writes among the single phase's): p50 ${percentile(lags, 50).toFixed(0)} ms, p99 ${percentile(lags, 99).toFixed(0)} ms, max ${Math.max(...lags).toFixed(0)} ms.`;
}

/** CPU seconds used so far by the gateway and its Neo4j. */
function cpuNow(): { gateway: number; neo4j: number } {
  const neo4jPid = gw.neo4jPid();
  return { gateway: cpuSeconds(gw.gatewayPid) ?? 0, neo4j: neo4jPid === null ? 0 : (cpuSeconds(neo4jPid) ?? 0) };
}

/** A phase, timed until every memory it wrote is embedded. */
async function timed(name: string, clients: number, send: (agent: number, token: string, n: number) => Promise<ReturnType<typeof counted>>): Promise<Phase> {
  const before = cpuNow();
  const result = await phase(name, clients, send);
  result.seconds = await untilEmbedded(await gw.driver(), name, result.started);
  const after = cpuNow();
  result.cpu = { gateway: after.gateway - before.gateway, neo4j: after.neo4j - before.neo4j };
  return result;
}

/**
 * Until `end`: one memory holding a word of its own (letters only, no vowel: no stemmer changes it), then,
 * once the gateway answered, the full-text index asked for that word every 10 ms until it finds it.
 */
async function probeWords(token: string, agent: string, end: number): Promise<number[]> {
  const driver = await gw.driver();
  const lags: number[] = [];
  for (let n = 0; performance.now() < end; n++) {
    const word = `zq${Array.from({ length: 10 }, () => "bcdfghjklmnpqrtvwxz"[Math.floor(Math.random() * 19)]).join("")}`;
    const { occurredAt: _, ...memory } = syntheticMemories(900_000_000 + n, 1)[0]!;
    const answer = await gql(gw.url, token, CREATE, { input: [{ ...memory, content: `${memory.content} ${word}`, agent: { connect: [{ where: { node: { id: { eq: agent } } } }] } }] });
    if (answer.code !== null) continue;
    const answered = performance.now();
    for (;;) {
      const { records } = await driver.executeQuery("CALL db.index.fulltext.queryNodes($index, $word) YIELD node RETURN count(node) AS n", { index: RECALL_INDEX, word });
      if (Number(records[0]!.get("n")) > 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    lags.push(performance.now() - answered);
    await new Promise((r) => setTimeout(r, 200));
  }
  return lags;
}

/** `clients` closed loops of `send` for SECONDS; what they wrote (its seconds are set by untilEmbedded). */
async function phase(name: string, clients: number, send: (agent: number, token: string, n: number) => Promise<ReturnType<typeof counted>>): Promise<Phase> {
  const tokens = await Promise.all(Array.from({ length: clients }, (_, i) => gw.token(`writes-${name}`, `${name}-${i}`)));
  for (let i = 0; i < clients; i++) {
    const answer = await gql(gw.url, tokens[i]!, CREATE_AGENTS, { input: [{ id: `${name}-${i}`, name: `${name} ${i}`, role: "bench" }] });
    if (answer.code !== null) throw new Error(`createAgents for ${name}-${i}: ${answer.code}`);
  }
  const probe = name === "single" && values["probe-words"] ? { token: await gw.token(`writes-${name}`, "probe"), agent: "probe" } : null;
  if (probe) await gql(gw.url, probe.token, CREATE_AGENTS, { input: [{ id: probe.agent, name: "probe", role: "bench" }] });
  const result: Phase = { started: performance.now(), memories: 0, seconds: 0, cpu: { gateway: 0, neo4j: 0 }, wordLags: [], refused: 0, errors: 0, latencies: [] };
  const end = result.started + SECONDS * 1000;
  const probing = probe ? probeWords(probe.token, probe.agent, end) : Promise.resolve([]);
  await Promise.all(
    tokens.map(async (token, agent) => {
      for (let n = 0; performance.now() < end; n++) {
        const started = performance.now();
        const answer = await send(agent, token, n);
        result.latencies.push(performance.now() - started);
        result.memories += answer.wrote;
        if (answer.code === "SERVICE_BUSY" || answer.code === "RATE_LIMITED") {
          // As an agent would: come back when the gateway said.
          result.refused++;
          await new Promise((r) => setTimeout(r, answer.waitMs));
        } else if (answer.code !== null) result.errors++;
      }
    }),
  );
  result.wordLags = await probing;
  return result;
}

/** Waits until no memory of the phase's tenant waits for its vector: the seconds since `started`. */
async function untilEmbedded(driver: Driver, name: string, started: number): Promise<number> {
  for (;;) {
    const { records } = await driver.executeQuery("MATCH (m:Memory {tenantId: $t}) WHERE m.embeddingStatus = 'PENDING' RETURN count(m) AS n", { t: `writes-${name}` });
    if (Number(records[0]!.get("n")) === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return (performance.now() - started) / 1000;
}
