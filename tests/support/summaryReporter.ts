import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Reporter, SerializedError, TestModule } from "vitest/node";
import { treeCpuSeconds } from "../../bench/support/treeCpu.js";
import { START_TIMINGS_ENV, type StartTiming } from "./startTimings.js";

const SLOWEST = 15;

/**
 * Prints, after every run: the slowest test files, the time spent starting
 * gateways, Neo4j, child processes and the CLI (tests/support/startTimings.ts),
 * and one plain closing line, `tests: N passed, N failed, N skipped`, that any
 * CI can read whatever the runner's own formatting.
 */
export default class SummaryReporter implements Reporter {
  private readonly timingsDir = mkdtempSync(path.join(os.tmpdir(), "mnemograph-test-timings-"));
  private readonly timingsFile = path.join(this.timingsDir, "starts.jsonl");
  private readonly began = performance.now();

  constructor() {
    // Before any worker is forked: they inherit it.
    process.env[START_TIMINGS_ENV] = this.timingsFile;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = []) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures: Failure[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === "passed") passed++;
        else if (result.state === "failed") {
          failed++;
          failures.push({ name: `${module.project.name}  ${module.relativeModuleId} > ${test.fullName}`, error: firstLine(result.errors?.[0]?.message) });
        } else skipped++;
      }
      if (module.state() === "failed" && module.children.size === 0) {
        failed++;
        failures.push({ name: `${module.project.name}  ${module.relativeModuleId} (the file itself)`, error: firstLine(module.errors()[0]?.message) });
      }
    }
    // An error no test caught fails the run too (vitest exits 1), so it is named with the failures.
    for (const error of unhandledErrors) failures.push({ name: `unhandled error${error.name ? ` (${error.name})` : ""}`, error: firstLine(error.message) });
    // Read now, while the servers the global setup started still run (its teardown comes after the reporters).
    const timings = this.readTimings().map((t) => (t.pid ? { ...t, cpuSeconds: treeCpuSeconds(t.pid) ?? undefined } : t));
    const out = [slowestFiles(testModules), startTimes(timings), `wall: ${seconds(performance.now() - this.began)} for ${testModules.length} files`, failureLines(failures)];
    process.stdout.write(`\n${out.filter(Boolean).join("\n\n")}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    // `npm test` runs two vitests side by side (scripts/runTests.mjs) and sums what each left here.
    const summaryDir = process.env.TEST_SUMMARY_DIR;
    if (summaryDir) writeFileSync(path.join(summaryDir, `${process.pid}.json`), JSON.stringify({ files: fileRows(testModules), starts: timings, counts: { passed, failed, skipped }, failures }));
    rmSync(this.timingsDir, { recursive: true, force: true });
  }

  private readTimings(): StartTiming[] {
    try {
      return readFileSync(this.timingsFile, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as StartTiming);
    } catch {
      return [];
    }
  }
}

/** A file's own time: import, collection, its hooks and its tests (what it would cost run alone, less the global setup). */
function fileTime(module: TestModule): number {
  const d = module.diagnostic();
  return d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
}

function fileRows(modules: ReadonlyArray<TestModule>) {
  return [...modules].map((m) => ({ ms: fileTime(m), name: `${m.project.name}  ${m.relativeModuleId}`, tests: [...m.children.allTests()].length }));
}

function slowestFiles(modules: ReadonlyArray<TestModule>): string {
  const rows = fileRows(modules);
  rows.sort((a, b) => b.ms - a.ms);
  const total = rows.reduce((s, r) => s + r.ms, 0);
  const lines = rows.slice(0, SLOWEST).map((r) => `  ${seconds(r.ms).padStart(7)}  ${String(r.tests).padStart(4)} tests  ${r.name}`);
  return [`slowest ${Math.min(SLOWEST, rows.length)} of ${rows.length} files (file time summed over files: ${seconds(total)}):`, ...lines].join("\n");
}

function startTimes(timings: StartTiming[]): string {
  if (timings.length === 0) return "";
  const byKind = new Map<string, { count: number; ms: number }>();
  for (const t of timings) {
    const k = byKind.get(t.kind) ?? { count: 0, ms: 0 };
    k.count++;
    k.ms += t.ms;
    byKind.set(t.kind, k);
  }
  const lines = [...byKind].map(([kind, { count, ms }]) => `  ${kind.padEnd(14)} ${String(count).padStart(4)} starts  ${seconds(ms).padStart(7)}  (mean ${seconds(ms / count)})`);
  return ["time spent starting things:", ...lines, ...gatewayReasons(timings), ...serverCpu(timings)].join("\n");
}

/** Why each test gateway was started (tests/support/testGateway.ts): the levers for starting fewer. */
export function gatewayReasons(timings: readonly StartTiming[]): string[] {
  const reasons = new Map<string, number>();
  for (const t of timings) if (t.kind === "gateway" && t.reason) reasons.set(t.reason, (reasons.get(t.reason) ?? 0) + 1);
  return [...reasons].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `    ${String(n).padStart(4)}  ${reason}`);
}

interface Failure {
  name: string;
  error: string;
}

/** The failed tests, by name with the first line of their error: printed last, where a CI log's tail still shows it. */
export function failureLines(failures: readonly Failure[]): string {
  if (failures.length === 0) return "";
  return [`failed (${failures.length}):`, ...failures.map((f) => `  ✗ ${f.name}\n      ${f.error}`)].join("\n");
}

function firstLine(message: string | undefined): string {
  return (message ?? "(no message)").split("\n")[0]?.slice(0, 300) ?? "";
}

/** The CPU the long-lived servers (Neo4j) used during the run, from the kernel's counters. */
export function serverCpu(timings: readonly (StartTiming & { cpuSeconds?: number })[]): string[] {
  return timings.filter((t) => t.cpuSeconds !== undefined).map((t) => `  ${t.kind} (pid ${t.pid}) used ${t.cpuSeconds!.toFixed(0)} s of CPU, start-up included`);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
