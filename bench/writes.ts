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
 * of bulk), with the single path's latency. `--only` runs one phase (to
 * compare a setting of one path side by side; no ratio then).
 */
import { parseArgs } from "node:util";
import type { Driver } from "neo4j-driver";
import { gql, type Answer } from "./load/agent.js";
import { startLoadGateway } from "./load/loadGateway.js";
import { percentile } from "./locomo/metrics.js";
import { syntheticMemories } from "./search/syntheticMemories.js";
import { machineLine } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "50" },
    seconds: { type: "string", default: "30" },
    batch: { type: "string", default: "100" },
    "bulk-clients": { type: "string", default: "2" },
    only: { type: "string" },
    gateway: { type: "string" },
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
    "| path | clients | memories | refused (SERVICE_BUSY, waited) | errors | seconds (until embedded) | memories/s | request p50 / p95 ms |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...(single ? [row("createMemories, one memory per call", CLIENTS, single)] : []),
    ...(bulk ? [row(`recordMemories, ${BATCH} per call`, BULK_CLIENTS, bulk)] : []),
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
  return `| ${name} | ${clients} | ${p.memories} | ${p.refused} | ${p.errors} | ${p.seconds.toFixed(1)} | ${(p.memories / p.seconds).toFixed(0)} | ${percentile(p.latencies, 50).toFixed(0)} / ${percentile(p.latencies, 95).toFixed(0)} |`;
}

/** A phase, timed until every memory it wrote is embedded. */
async function timed(name: string, clients: number, send: (agent: number, token: string, n: number) => Promise<ReturnType<typeof counted>>): Promise<Phase> {
  const result = await phase(name, clients, send);
  result.seconds = await untilEmbedded(await gw.driver(), name, result.started);
  return result;
}

/** `clients` closed loops of `send` for SECONDS; what they wrote (its seconds are set by untilEmbedded). */
async function phase(name: string, clients: number, send: (agent: number, token: string, n: number) => Promise<ReturnType<typeof counted>>): Promise<Phase> {
  const tokens = await Promise.all(Array.from({ length: clients }, (_, i) => gw.token(`writes-${name}`, `${name}-${i}`)));
  for (let i = 0; i < clients; i++) {
    const answer = await gql(gw.url, tokens[i]!, CREATE_AGENTS, { input: [{ id: `${name}-${i}`, name: `${name} ${i}`, role: "bench" }] });
    if (answer.code !== null) throw new Error(`createAgents for ${name}-${i}: ${answer.code}`);
  }
  const result: Phase = { started: performance.now(), memories: 0, seconds: 0, refused: 0, errors: 0, latencies: [] };
  const end = result.started + SECONDS * 1000;
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
