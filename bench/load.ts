/**
 * `npm run bench:load -- [--clients 50] [--seconds 60] [--warmup-ops 500] [--tenants 5] [--gateway <checkout>] [--model-elsewhere] [--model-service] [--gateways N]`
 *
 * One gateway in a child process on its embedded Neo4j (token auth, default
 * rate limits, no LLM), driven over loopback by `--clients` closed-loop
 * agents in this process, spread over `--tenants` tenants, each with its
 * knowledgeFeed subscriber over graphql-ws. The mix is in bench/load/agent.ts.
 * After `--warmup-ops` unmeasured operations, `--seconds` are measured:
 * operations per second and latency per operation, errors by code, the CPU of
 * the gateway, Neo4j and this process (/proc/<pid>/stat) and their peak RSS.
 * Then every acknowledged write is read back from Neo4j, the store is checked
 * for half-done writes, and each subscriber's deliveries are compared with
 * the outbox. Prints a Markdown section for docs/benchmarks.md.
 *
 * `--model-elsewhere` gives the gateway an embeddings endpoint in this process
 * that runs no model (load/wordVectors.ts): what the mix costs the machine when
 * the model runs on another one. EMBEDDING_THREADS and EMBEDDING_CONTEXT are
 * passed through from the environment, like the admission limits.
 *
 * `--model-service` runs the default local model in one process of its own behind an
 * OpenAI-compatible endpoint (load/modelServiceProcess.ts), which the gateways use through
 * EMBEDDING_BASE_URL. `--gateways N` starts N gateway processes on the one Neo4j, sharing a
 * redis-server of the bench's own (REDIS_URL: one rate budget per agent, context-cache
 * invalidation and feed wake-ups across them); each request goes to the next gateway, and the
 * report gives each process's CPU. Several gateways with `--model-service` against one with it,
 * in the same session, is the scaling comparison.
 */
import { parseArgs } from "node:util";
import { runClients } from "./load/runClients.js";
import { startLoadGateway } from "./load/loadGateway.js";
import { checksTable, errorTable, feedLines, opTable, readBackTable, resourceTable, type ProcessUse } from "./load/report.js";
import { measureProcesses, neo4jVersion, settingsLine } from "./load/processes.js";
import { checkFeeds, halfWritten, readBack } from "./load/verify.js";
import { indexReads, indexReadsLine } from "./load/indexUse.js";
import { embeddingBacklog } from "../src/embeddings/embeddingBacklog.js";
import { embeddedTypes } from "../src/embeddings/embeddedTypes.js";
import { loadTypeDefs } from "../src/schema/loadTypeDefs.js";
import { startWordVectors } from "./load/wordVectors.js";
import { startModelService } from "./load/modelService.js";
import { startRedis } from "./support/redisServer.js";
import { machineLine } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "50" },
    seconds: { type: "string", default: "60" },
    "warmup-ops": { type: "string", default: "500" },
    tenants: { type: "string", default: "5" },
    // Another version's gateway (a checkout with its node_modules): before and after in one session.
    gateway: { type: "string" },
    "model-elsewhere": { type: "boolean", default: false },
    "model-service": { type: "boolean", default: false },
    gateways: { type: "string", default: "1" },
  },
});
const gatewayCount = Number(values.gateways);
if (!Number.isInteger(gatewayCount) || gatewayCount < 1) throw new Error(`--gateways takes a whole number ≥ 1, got ${values.gateways}`);
if (values["model-elsewhere"] && values["model-service"]) throw new Error("--model-elsewhere and --model-service are two different places for the model: give one");
const clients = Number(values.clients);
const tenants = Math.min(clients, Number(values.tenants));
const say = (lines: string[]) => process.stdout.write(`${lines.join("\n")}\n`);

const machine = machineLine();
const vectors = values["model-elsewhere"] ? await startWordVectors() : null;
const modelService = values["model-service"] ? await startModelService() : null;
const redis = gatewayCount > 1 ? await startRedis() : null;
const gw = await startLoadGateway(
  {
    ...(vectors ? { EMBEDDING_BASE_URL: vectors.baseUrl, EMBEDDING_API_MODEL: "word-vectors" } : {}),
    ...(modelService ? { EMBEDDING_BASE_URL: modelService.baseUrl, EMBEDDING_API_MODEL: "local-model-service" } : {}),
    ...(redis ? { REDIS_URL: redis.url } : {}),
  },
  values.gateway,
  gatewayCount,
);
try {
  const processes = measureProcesses(gw, [...(modelService ? [{ name: "model service", pid: modelService.pid }] : []), ...(redis ? [{ name: "redis", pid: redis.pid }] : [])]);
  let use: ProcessUse[] = [];
  // Nodes written but not yet embedded, at the start and the end of the measured period (the gateway's own metric):
  // a backlog that grows is model work the period did not pay for, which would flatter its CPU per operation.
  const backlog: Promise<number>[] = [];
  const store = await gw.driver();
  const types = embeddedTypes(loadTypeDefs().document);
  const pending = async () => Object.values(await embeddingBacklog(store, "neo4j", types)).reduce((sum, n) => sum + n, 0);
  const run = await runClients(gw, {
    clients,
    tenants,
    seconds: Number(values.seconds),
    warmupOps: Number(values["warmup-ops"]),
    onMeasure: (phase) => {
      if (phase === "start") processes.start();
      else use = processes.end();
      backlog.push(pending());
    },
  });
  const [backlogStart, backlogEnd] = await Promise.all(backlog);
  const seconds = (run.measureEnd - run.measureStart) / 1000;
  const measured = run.records.filter((r) => r.start >= run.measureStart);
  const ok = measured.filter((r) => r.code === null).length;

  const driver = await gw.driver();
  const indexes = await indexReads(driver);
  const feed = await checkFeeds(driver, run.agents, run.feeds);
  const reads = await readBack(driver, run.agents);
  const checks = await halfWritten(driver, [...new Set(run.agents.map((a) => a.tenant))]);

  say([
    "",
    `## Load: ${clients} agents, mixed operations (${new Date().toISOString().slice(0, 10)})`,
    "",
    `\`npm run bench:load -- --clients ${clients} --seconds ${values.seconds} --warmup-ops ${values["warmup-ops"]} --tenants ${tenants}${values.gateway ? ` --gateway ${values.gateway}` : ""}${vectors ? " --model-elsewhere" : ""}${modelService ? " --model-service" : ""}${gatewayCount > 1 ? ` --gateways ${gatewayCount}` : ""}\`. Machine: ${machine}; ${await neo4jVersion(driver)}. ${settingsLine(gw)}`,
    "",
    `${gatewayCount > 1 ? `${gatewayCount} gateways, each a child process, on the first one's embedded Neo4j` : "One gateway in a child process on its embedded Neo4j"}; ${clients} closed-loop agents in the benchmark's process (${tenants} tenants, one token each) over loopback HTTP, plus one knowledgeFeed subscriber per agent over graphql-ws. Mix per agent: createMemories (one memory) 35%, searchMemories 25%, memoryContext 15%, recordTurn with a 12 KB screenshot in the agent's game session 15%, memoryStore 5%, retrieveContext (deterministic) 5%. Each agent keeps under its rate budgets on its own side (600/min, retrieveContext 10/min: when that one is spent, the mix draws another operation). ${run.records.length - measured.length} operations of warm-up, unmeasured.`,
    "",
    `**${(ok / seconds).toFixed(1)} operations/s answered OK** over ${seconds.toFixed(1)} s (${measured.length} answered, ${measured.length - ok} with an error); agents waited ${(run.pacedMs / 1000).toFixed(1)} s in all for their own rate budget.`,
    "",
    ...opTable(measured, seconds),
    "",
    "Errors (measured period):",
    "",
    ...errorTable(measured),
    "",
    "Errors during the warm-up (cold caches, the first embeddings; not in the figures above):",
    "",
    ...errorTable(run.records.filter((r) => r.start < run.measureStart)),
    "",
    `Resources over the measured period (peak RSS over each process's life):`,
    "",
    ...resourceTable(use, seconds),
    "",
    indexReadsLine(indexes),
    "",
    `Embedding backlog (nodes written, not yet embedded): ${backlogStart} at the start of the measured period, ${backlogEnd} at its end. A backlog that grows is model work the period did not pay for.`,
    "",
    "Every write acknowledged during the whole run (warm-up included), read back from Neo4j afterwards:",
    "",
    ...readBackTable(reads),
    "",
    ...checksTable(checks),
    "",
    "Knowledge feed (every event of the outbox each subscriber's rules select, against what it received):",
    "",
    ...feedLines(feed),
  ]);
  const lost = reads.reduce((n, r) => n + r.acknowledged - r.present, 0);
  // Refusals the gateway means (a rate budget spent, its line full) are answers, not failures.
  const unexpectedErrors = measured.filter((r) => r.code !== null && r.code !== "RATE_LIMITED" && r.code !== "SERVICE_BUSY").length;
  if (lost || unexpectedErrors || checks.some(([, n]) => n) || feed.lost || feed.duplicated) process.exitCode = 1;
} finally {
  await gw.stop();
  await vectors?.close();
  await modelService?.stop();
  await redis?.stop();
}
