/**
 * `npm run bench:profile -- [--clients 50] [--seconds 45] [--warmup-ops 1500] [--tenants 5] [--query-stats] [--only <operation>] [--gateway <checkout>] [--keep <dir>]`
 *
 * Where the time of bench:load's mix goes, warm. The same gateway (child
 * process, embedded Neo4j) and the same closed-loop agents as bench:load,
 * with the gateway's tracing sent to a receiver in this process and its V8
 * CPU profiler running over the measured period only. Prints, for
 * docs/benchmarks.md:
 * - per operation: how many, mean time, Neo4j statements sent and their time,
 *   the costliest statements;
 * - statements that ran under no request (the background workers);
 * - CPU per operation of the gateway and of Neo4j (/proc), the gateway's
 *   self time by package and by function;
 * - Neo4j's transactions sampled (open, waiting on a lock, on what), and the
 *   statements whose plan scans a label or all nodes.
 * Tracing and profiling cost some throughput: the figures are for finding
 * costs, bench:load's for how fast it is. `--query-stats` adds Neo4j's own
 * statement statistics (db.stats 'QUERIES': which statements were planned
 * again); off by default, because collecting them makes Neo4j build a plan
 * description for every statement, which then fills its CPU profile.
 * `--only createMemories` (or any operation of the mix) sends that operation
 * alone: its own CPU per operation in the gateway and in Neo4j.
 * `--gateway <checkout>` profiles another version's gateway (a checkout with
 * its node_modules), as bench:load does: before and after in one session.
 * `--keep <dir>` keeps the gateway's
 * .cpuprofile (Chrome DevTools, speedscope) and Neo4j's .jfr (JDK Mission Control).
 */
import { copyFile, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startOtlpReceiver } from "../fixtures/otlpReceiver.js";
import { startLoadGateway } from "./load/loadGateway.js";
import { MAIN_THREAD, measureProcesses } from "./load/processes.js";
import { OPS, type OpName } from "./load/agent.js";
import { runClients } from "./load/runClients.js";
import type { ProcessUse } from "./load/report.js";
import { selfTimes, type CpuProfile } from "./profile/cpuProfile.js";
import { readJfr, startJfr, stopJfr, type JfrSummary } from "./profile/neo4jJfr.js";
import { collectQueryStats, explainScans, sampleTransactions, type CompileSummary, type LockSample } from "./profile/neo4jSide.js";
import { spanStats } from "./profile/spanStats.js";
import { machineLine } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "50" },
    seconds: { type: "string", default: "45" },
    "warmup-ops": { type: "string", default: "1500" },
    tenants: { type: "string", default: "5" },
    "query-stats": { type: "boolean", default: false },
    only: { type: "string" },
    gateway: { type: "string" },
    keep: { type: "string" },
  },
});
const clients = Number(values.clients);
const only = values.only as OpName | undefined;
if (only !== undefined && !OPS.includes(only)) throw new Error(`--only: one of ${OPS.join(", ")}, not "${only}"`);
const tenants = Math.min(clients, Number(values.tenants));
const say = (lines: string[]) => process.stdout.write(`${lines.join("\n")}\n`);
const f1 = (n: number) => n.toFixed(1);

const machine = machineLine();
const receiver = await startOtlpReceiver();
const workDir = await mkdtemp(path.join(os.tmpdir(), "mnemograph-profile-"));
const profileFile = path.join(workDir, "gateway.cpuprofile");
const gw = await startLoadGateway({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.endpoint, CPU_PROFILE_FILE: profileFile }, values.gateway);
const window = { from: 0, to: 0 };
let use: ProcessUse[] = [];
let locks: LockSample | null = null;
let compiles: CompileSummary | null = null;
const jfrFile = path.join(workDir, "neo4j.jfr");
let jfr: JfrSummary | null = null;
let answered = 0;
let seconds = 0;
try {
  const processes = measureProcesses(gw);
  const driver = await gw.driver();
  let sampler: ReturnType<typeof sampleTransactions> | null = null;
  let queryStats: Awaited<ReturnType<typeof collectQueryStats>> | null = null;
  const run = await runClients(gw, {
    clients,
    tenants,
    seconds: Number(values.seconds),
    warmupOps: Number(values["warmup-ops"]),
    only,
    onMeasure: (phase) => {
      if (phase === "start") {
        process.kill(gw.gatewayPid, "SIGUSR2");
        window.from = Date.now();
        sampler = sampleTransactions(driver);
        if (values["query-stats"]) void collectQueryStats(driver).then((stats) => (queryStats = stats));
        void startJfr(gw.neo4jPid()!);
        processes.start();
      } else {
        window.to = Date.now();
        use = processes.end();
      }
    },
  });
  // The subscribers reconnect while they run: stopped here, or the benchmark would never exit.
  await Promise.all(run.feeds.map((f) => f.stop()));
  locks = await sampler!.stop();
  compiles = (await (queryStats as Awaited<ReturnType<typeof collectQueryStats>> | null)?.stop()) ?? null;
  await stopJfr(gw.neo4jPid()!, jfrFile);
  seconds = (run.measureEnd - run.measureStart) / 1000;
  answered = run.records.filter((r) => r.start >= run.measureStart && r.code === null).length;
  // The gateway sends its spans every second.
  await new Promise((r) => setTimeout(r, 2500));
} finally {
  await gw.stop();
}
jfr = await readJfr(jfrFile);
const profile = JSON.parse(await readFile(profileFile, "utf8")) as CpuProfile;
if (values.keep) {
  await mkdir(values.keep, { recursive: true });
  await copyFile(profileFile, path.join(values.keep, "gateway.cpuprofile"));
  await copyFile(jfrFile, path.join(values.keep, "neo4j.jfr"));
}

const stats = spanStats(receiver.spans(), window.from, window.to);
const traced = stats.operations.reduce((s, o) => s + o.count, 0);
const cpu = selfTimes(profile, 25);
const cpuOf = (name: string) => use.find((u) => u.name.startsWith(name))?.cpuSeconds ?? 0;
const gatewayUse = { cpuSeconds: cpuOf("gateway") };
const neo4jUse = { cpuSeconds: cpuOf("neo4j") };
const mainThread = cpuOf(MAIN_THREAD);

say([
  "",
  `## Profile: where bench:load's time goes, warm (${new Date().toISOString().slice(0, 10)})`,
  "",
  `\`npm run bench:profile -- --clients ${clients} --seconds ${values.seconds} --warmup-ops ${values["warmup-ops"]} --tenants ${tenants}${values["query-stats"] ? " --query-stats" : ""}${only ? ` --only ${only}` : ""}${values.gateway ? ` --gateway ${values.gateway}` : ""}\`. Machine: ${machine}. The bench:load gateway and mix, with tracing to a receiver in the benchmark's process and the gateway's CPU profiler on over the measured period (both cost some throughput).`,
  "",
  `${answered} operations answered OK in ${f1(seconds)} s (**${f1(answered / seconds)}/s** with tracing and profiling on); ${traced} request traces received in the window.`,
  "",
  `CPU per operation answered: gateway **${f1((gatewayUse.cpuSeconds * 1000) / answered)} ms** (its main thread ${f1((mainThread * 1000) / answered)} ms, its other threads, the embedding model's among them, the rest), Neo4j **${f1((neo4jUse.cpuSeconds * 1000) / answered)} ms** (cores busy on average: gateway ${(gatewayUse.cpuSeconds / seconds).toFixed(2)}, Neo4j ${(neo4jUse.cpuSeconds / seconds).toFixed(2)}).`,
  "",
  "| operation | traced | mean ms | statements / op | distinct texts | statement ms / op | costliest statements (runs per op × mean ms, share of the op's statement time) |",
  "| --- | --- | --- | --- | --- | --- | --- |",
  ...stats.operations.map(
    (o) =>
      `| ${o.operation} | ${o.count} | ${f1(o.meanMs)} | ${f1(o.statements)} | ${o.distinct} | ${f1(o.statementMs)} | ${o.top
        .slice(0, 3)
        .map((t) => `\`${t.text.replace(/\|/g, "\\|").slice(0, 70)}\` ${f1(t.perOp)}× ${f1(t.meanMs)} ms (${(t.share * 100).toFixed(0)}%)`)
        .join("<br>")} |`,
  ),
  "",
  `Statements under no request (background workers) in the window: ${stats.background.statements}, ${f1(stats.background.statementMs / 1000)} s in all:`,
  "",
  ...stats.background.top.map((t) => `- \`${t.text}\`: ${t.perOp} runs, mean ${f1(t.meanMs)} ms (${(t.share * 100).toFixed(0)}%)`),
  "",
  `Gateway CPU profile over the window: ${f1(cpu.busyMs / 1000)} s busy, ${f1(cpu.idleMs / 1000)} s idle on the main thread (the embedding model runs on a thread of its own, not in it).`,
  "",
  "| self time by place | share |",
  "| --- | --- |",
  ...cpu.byPlace.slice(0, 15).map((p) => `| ${p.name} | ${(p.share * 100).toFixed(1)}% |`),
  "",
  "| self time by function | share |",
  "| --- | --- |",
  ...cpu.byFunction.slice(0, 20).map((p) => `| \`${p.name}\` | ${(p.share * 100).toFixed(1)}% |`),
  "",
  `Neo4j's CPU profile (Java Flight Recorder over the window, ${jfr.samples} execution samples), each sample counted once, in the area of the frame nearest the top of its stack that has one:`,
  "",
  "| area | share |",
  "| --- | --- |",
  ...jfr.areas.map((a) => `| ${a.name} | ${(a.share * 100).toFixed(1)}% |`),
  "",
  "| top frame | share |",
  "| --- | --- |",
  ...jfr.topMethods.map((m) => `| \`${m.name}\` | ${(m.share * 100).toFixed(1)}% |`),
  "",
  ...(compiles
    ? [
        `Neo4j's statement statistics over the window (db.stats 'QUERIES'): ${compiles.invocations} statements run, ${compiles.compiled} of them planned (not a cached plan reused): ${f1(compiles.compileMs / 1000)} s planning against ${f1(compiles.executionMs / 1000)} s executing. Planned most:`,
        "",
        ...compiles.top.map((t) => `- ${t.compiled} of ${t.invocations} runs planned, ${f1(t.compileMs)} ms: \`${t.text}\``),
        "",
      ]
    : []),
  `Neo4j transactions, sampled ${locks?.samples ?? 0} times: ${f1(locks?.meanOpen ?? 0)} open on average, ${(locks?.meanBlocked ?? 0).toFixed(2)} waiting on a lock.`,
  ...(locks?.blocked.length ? ["", ...locks.blocked.map((b) => `- waiting in ${b.seen} samples: \`${b.text}\``)] : []),
  ...(locks?.running.length ? ["", "Statements seen running most often at those samples (where Neo4j's time is held):", "", ...locks.running.map((b) => `- in ${b.seen} samples: \`${b.text}\``)] : []),
]);
await planReport();
await receiver.close();
await rm(workDir, { recursive: true, force: true });

/** EXPLAIN of every distinct statement the operations sent, on a fresh embedded server with the same schema (a gateway started and stopped at once). */
async function planReport() {
  const inWindow = receiver.spans().filter((s) => {
    const at = Number(BigInt(s.startTimeUnixNano ?? "0") / 1_000_000n);
    return at >= window.from && at <= window.to;
  });
  const texts = [...new Set(inWindow.flatMap((s) => s.attributes?.filter((a) => a.key === "db.query.text").map((a) => a.value.stringValue ?? "") ?? []))].filter(
    (t) => t.length > 0 && t.length < 4000,
  );
  const fresh = await startLoadGateway();
  try {
    const { scanning, explained, refused } = await explainScans(await fresh.driver(), texts);
    say([
      "",
      `Plans (EXPLAIN on a fresh server with the same schema) of the statements sent in the window: ${explained} distinct texts explained, ${refused} refused (parameters EXPLAIN cannot do without, or text cut at 4,000 characters); ${scanning.length} scan a label or all nodes:`,
      "",
      ...(scanning.length ? scanning.map((s) => `- ${s.scans.join(", ")}: \`${s.text}\``) : ["- none"]),
    ]);
  } finally {
    await fresh.stop();
  }
}
