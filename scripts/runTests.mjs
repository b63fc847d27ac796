#!/usr/bin/env node
/**
 * `npm test`: the static checks and the test tiers, side by side on the machine's cores.
 *
 * Three streams run at once:
 *   - tests:   `vitest run` of the unit, integration and own-process projects, printed live;
 *   - serial:  the whole-database files (vitest.config.ts, WHOLE_DATABASE), in a vitest of their own
 *              with a Neo4j of their own, so no other file's writes reach the database they count;
 *   - checks:  codegen, typecheck, lint and dependency rules, one after another.
 * The serial and checks streams are printed when each ends. Then one summary of the whole run:
 * the slowest files of both vitests, the time spent starting things, the CPU every process
 * used (read from the kernel's counters of the children this script waited for) and the counts.
 *
 * With NEO4J_URI set, both vitests would share that server: the serial files then run after the
 * others, not beside them. Any stream failing fails the run (every stream is still reported).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Buffer } from "node:buffer";
import { performance } from "node:perf_hooks";
import process from "node:process";

const SUMMARY_DIR_ENV = "TEST_SUMMARY_DIR";
const summaryDir = mkdtempSync(path.join(os.tmpdir(), "mnemograph-test-summary-"));
const began = performance.now();

const checks = ["codegen:check", "typecheck", "lint", "depcheck"].map((script) => ["npm", ["run", "--silent", script]]);
const tests = ["npx", ["vitest", "run", "--project", "unit", "--project", "integration", "--project", "own-process"]];
const serial = ["npx", ["vitest", "run", "--project", "serial"]];

/** Runs one command; live: its output goes straight to ours, else it is kept and returned. */
function run([command, args], { live }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: live ? "inherit" : ["ignore", "pipe", "pipe"], env: { ...process.env, [SUMMARY_DIR_ENV]: summaryDir, FORCE_COLOR: live ? process.env.FORCE_COLOR : "0" } });
    const out = [];
    child.stdout?.on("data", (d) => out.push(d));
    child.stderr?.on("data", (d) => out.push(d));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(out).toString() }));
  });
}

/** Runs commands one after another, stopping at the first that fails. */
async function chain(commands) {
  let output = "";
  for (const command of commands) {
    const r = await run(command, { live: false });
    output += `$ ${command[0]} ${command[1].join(" ")}\n${r.output}`;
    if (r.code !== 0) return { code: r.code, output };
  }
  return { code: 0, output };
}

function printStream(name, { code, output }, seconds) {
  process.stdout.write(`\n──── ${name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s ────\n${output.trimEnd()}\n`);
}

const timed = async (promise) => {
  const t = performance.now();
  const result = await promise;
  return { ...result, seconds: (performance.now() - t) / 1000 };
};

const sideBySide = !process.env.NEO4J_URI;
const checksRun = timed(chain(checks));
const serialRun = sideBySide ? timed(run(serial, { live: false })) : null;
const testsResult = await timed(run(tests, { live: true }));
const serialResult = serialRun ? await serialRun : await timed(run(serial, { live: false }));
const checksResult = await checksRun;
printStream("whole-database files (serial project)", serialResult, serialResult.seconds);
printStream("checks (codegen, typecheck, lint, dependency rules)", checksResult, checksResult.seconds);

process.stdout.write(`\n${summary()}\n`);
rmSync(summaryDir, { recursive: true, force: true });
process.exit([testsResult, serialResult, checksResult].find((r) => r.code !== 0)?.code ?? 0);

/** Why the test gateways were started, as the summary reporter counts them. */
function reasons(timings) {
  const counts = new Map();
  for (const t of timings) if (t.kind === "gateway" && t.reason) counts.set(t.reason, (counts.get(t.reason) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `    ${String(n).padStart(4)}  ${reason}`);
}

/** The failures of both vitests, last, where the tail of a CI log still shows them. */
function failed(failures) {
  if (failures.length === 0) return [];
  return ["", `failed (${failures.length}):`, ...failures.map((f) => `  ✗ ${f.name}\n      ${f.error}`)];
}

/** The run as a whole, from what each vitest's summary reporter left in the summary directory. */
function summary() {
  const parts = readdirSync(summaryDir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(path.join(summaryDir, f), "utf8")));
  const files = parts.flatMap((p) => p.files).sort((a, b) => b.ms - a.ms);
  const starts = new Map();
  for (const t of parts.flatMap((p) => p.starts)) {
    const k = starts.get(t.kind) ?? { count: 0, ms: 0 };
    starts.set(t.kind, { count: k.count + 1, ms: k.ms + t.ms });
  }
  const count = (key) => parts.reduce((s, p) => s + p.counts[key], 0);
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  // utime and stime of every child this process waited for, and theirs (fields 16 and 17 of /proc/self/stat, in ticks).
  const stat = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  const cpu = (Number(stat[13]) + Number(stat[14])) / 100;
  return [
    `whole run — slowest 15 of ${files.length} files:`,
    ...files.slice(0, 15).map((r) => `  ${s(r.ms).padStart(7)}  ${String(r.tests).padStart(4)} tests  ${r.name}`),
    "",
    "time spent starting things:",
    ...[...starts].map(([kind, { count: n, ms }]) => `  ${kind.padEnd(14)} ${String(n).padStart(4)} starts  ${s(ms).padStart(7)}  (mean ${s(ms / n)})`),
    ...reasons(parts.flatMap((p) => p.starts)),
    ...parts.flatMap((p) => p.starts).filter((t) => t.cpuSeconds !== undefined && t.cpuSeconds !== null).map((t) => `  ${t.kind} (pid ${t.pid}) used ${t.cpuSeconds.toFixed(0)} s of CPU, start-up included`),
    "",
    `streams: tests ${testsResult.seconds.toFixed(0)} s, serial ${serialResult.seconds.toFixed(0)} s${sideBySide ? " (beside it)" : " (after it: NEO4J_URI is shared)"}, checks ${checksResult.seconds.toFixed(0)} s`,
    `wall: ${s(performance.now() - began)}; CPU of every process it started: ${cpu.toFixed(0)} s`,
    `tests: ${count("passed")} passed, ${count("failed")} failed, ${count("skipped")} skipped`,
    ...failed(parts.flatMap((p) => p.failures ?? [])),
  ].join("\n");
}
