/**
 * `npm run bench:fault -- [--clients 50] [--seconds 60] [--kill-at 20] [--warmup-ops 500] [--tenants 5]`
 *
 * bench:load's gateway and mix (bench/load/), and `--kill-at` seconds into
 * the measured period the embedded Neo4j is killed with SIGKILL. The gateway
 * is not restarted: its supervisor restarts Neo4j. Reports how soon requests
 * were refused with SERVICE_UNAVAILABLE, how soon the gateway served again,
 * and afterwards whether any acknowledged write was lost, any turn, fact or
 * memory half-written, any feed event lost or delivered twice. Prints a
 * Markdown section for docs/benchmarks.md.
 */
import { parseArgs } from "node:util";
import { runClients, type OpRecord } from "./load/runClients.js";
import { startLoadGateway } from "./load/loadGateway.js";
import { checksTable, errorTable, feedLines, opTable, readBackTable } from "./load/report.js";
import { neo4jVersion, settingsLine } from "./load/processes.js";
import { checkFeeds, halfWritten, readBack } from "./load/verify.js";
import { machineLine } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "50" },
    seconds: { type: "string", default: "60" },
    "kill-at": { type: "string", default: "20" },
    "warmup-ops": { type: "string", default: "500" },
    tenants: { type: "string", default: "5" },
  },
});
const clients = Number(values.clients);
const tenants = Math.min(clients, Number(values.tenants));
const killAt = Number(values["kill-at"]);
const say = (lines: string[]) => process.stdout.write(`${lines.join("\n")}\n`);
const s = (ms: number | null) => (ms === null ? "never" : `${(ms / 1000).toFixed(2)} s`);

/** What the outage looked like from the clients' side, relative to the kill. Pure. */
function outageTimeline(records: readonly OpRecord[], killedAt: number) {
  const after = records.filter((r) => r.start >= killedAt || r.end >= killedAt);
  const refused = after.filter((r) => r.code === "SERVICE_UNAVAILABLE");
  const firstRefusal = refused.length ? Math.min(...refused.map((r) => r.end)) - killedAt : null;
  // Serving again: the first success of an operation sent after the last one that was refused.
  const lastRefusedStart = refused.length ? Math.max(...refused.map((r) => r.start)) : killedAt;
  const okAfter = after.filter((r) => r.code === null && r.start > lastRefusedStart);
  const servingAgain = okAfter.length ? Math.min(...okAfter.map((r) => r.end)) - killedAt : null;
  // Operations in flight when Neo4j died: sent before, answered after.
  const inFlight = records.filter((r) => r.start < killedAt && r.end >= killedAt);
  const otherErrors = after.filter((r) => r.code !== null && r.code !== "SERVICE_UNAVAILABLE" && r.code !== "RATE_LIMITED");
  return { firstRefusal, servingAgain, refused: refused.length, inFlight, otherErrors };
}

/** Polls the gateway's readiness every 100 ms from the kill: once it has said 503, until it answers 200 (the gateway's own view of the outage). */
async function readyAgainAfter(url: string, since: number, until: () => boolean): Promise<number | null> {
  const ready = url.replace(/\/graphql$/, "/health/ready");
  let down = false;
  while (!until()) {
    const ok = await fetch(ready, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
    if (!ok) down = true;
    else if (down) return performance.now() - since;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

const machine = machineLine();
const gw = await startLoadGateway();
try {
  let killedAt: number | null = null;
  let killedPid: number | null = null;
  let ready: Promise<number | null> = Promise.resolve(null);
  let finished = false;
  const run = await runClients(gw, {
    clients,
    tenants,
    seconds: Number(values.seconds),
    warmupOps: Number(values["warmup-ops"]),
    at: [
      {
        seconds: killAt,
        run: () => {
          killedPid = gw.neo4jPid();
          if (killedPid === null) throw new Error("The embedded Neo4j's process was not found");
          killedAt = performance.now();
          process.kill(killedPid, "SIGKILL");
          const at = killedAt;
          ready = readyAgainAfter(gw.url, at, () => finished);
        },
      },
    ],
  });
  finished = true;
  const readyAgain = await ready;
  if (killedAt === null) throw new Error(`The run ended before the kill at ${killAt} s`);
  const seconds = (run.measureEnd - run.measureStart) / 1000;
  const measured = run.records.filter((r) => r.start >= run.measureStart);
  const ok = measured.filter((r) => r.code === null).length;
  const t = outageTimeline(measured, killedAt);
  const restartedPid = gw.neo4jPid();

  const driver = await gw.driver();
  const feed = await checkFeeds(driver, run.agents, run.feeds);
  const reads = await readBack(driver, run.agents);
  const checks = await halfWritten(driver, [...new Set(run.agents.map((a) => a.tenant))]);
  const lost = reads.reduce((n, r) => n + r.acknowledged - r.present, 0);
  const met = (yes: boolean) => (yes ? "met" : "**missed**");

  say([
    "",
    `## Fault: the embedded Neo4j killed under load (${new Date().toISOString().slice(0, 10)})`,
    "",
    `\`npm run bench:fault -- --clients ${clients} --seconds ${values.seconds} --kill-at ${killAt} --warmup-ops ${values["warmup-ops"]} --tenants ${tenants}\`. Machine: ${machine}; ${await neo4jVersion(driver)}. ${settingsLine(gw)}`,
    "",
    `bench:load's gateway and mix; ${killAt} s into the measured period the embedded Neo4j (pid ${killedPid}) got SIGKILL. The gateway was not restarted; its supervisor started Neo4j again (pid ${restartedPid}) on the same store. Clients back off after SERVICE_UNAVAILABLE as an agent's HTTP client would: exponentially from 200 ms to at most 5 s, with jitter (bench/load/backoff.ts).`,
    "",
    "| measure | result | target |",
    "| --- | --- | --- |",
    `| first SERVICE_UNAVAILABLE after the kill | ${s(t.firstRefusal)} | ≤ 1 s: ${met(t.firstRefusal !== null && t.firstRefusal <= 1000)} |`,
    `| serving again after the kill (restart included) | ${s(t.servingAgain)} | ≤ 30 s: ${met(t.servingAgain !== null && t.servingAgain <= 30_000)} |`,
    `| /health/ready answers 200 again (polled every 100 ms) | ${s(readyAgain)} | (the gateway's view) |`,
    `| acknowledged writes lost | ${lost} | 0: ${met(lost === 0)} |`,
    `| half-written turns, facts, memories | ${checks.reduce((n, [, c]) => n + c, 0)} | 0: ${met(checks.every(([, c]) => c === 0))} |`,
    `| feed events lost / delivered twice | ${feed.lost} / ${feed.duplicated} | 0: ${met(!feed.lost && !feed.duplicated)} |`,
    "",
    `${t.refused} requests were refused with SERVICE_UNAVAILABLE; ${t.inFlight.length} were in flight at the kill (answered: ${[...new Set(t.inFlight.map((r) => r.code ?? "OK"))].join(", ") || "none"}); other errors after the kill: ${t.otherErrors.length}${t.otherErrors.length ? ` (${[...new Set(t.otherErrors.map((r) => r.code))].join(", ")})` : ""}. Over the whole measured period: ${(ok / seconds).toFixed(1)} operations/s answered OK over ${seconds.toFixed(1)} s.`,
    "",
    ...opTable(measured, seconds),
    "",
    "Errors (measured period):",
    "",
    ...errorTable(measured),
    "",
    "Every write acknowledged during the whole run, read back from Neo4j afterwards:",
    "",
    ...readBackTable(reads),
    "",
    ...checksTable(checks),
    "",
    "Knowledge feed across the outage (subscribers resume from their last cursor):",
    "",
    ...feedLines(feed),
  ]);
  if (lost || checks.some(([, n]) => n) || feed.lost || feed.duplicated || t.firstRefusal === null || t.firstRefusal > 1000 || t.servingAgain === null || t.servingAgain > 30_000) {
    process.exitCode = 1;
  }
} finally {
  await gw.stop();
}
