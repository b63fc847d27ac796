/** Markdown for docs/benchmarks.md: the tables bench:load and bench:fault share. */
import { percentile } from "../locomo/metrics.js";
import { MIX, OPS } from "./agent.js";
import type { OpRecord } from "./runClients.js";
import type { Checks, FeedCheck, ReadBack } from "./verify.js";

const ms = (n: number) => n.toFixed(1);
const share = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : "–");

/** Per operation: answers, share of the mix, successes per second, latency of successes. */
export function opTable(records: OpRecord[], seconds: number): string[] {
  const lines = ["| operation | weight | answered (share) | OK | OK/s | p50 / p95 / p99 ms |", "| --- | --- | --- | --- | --- | --- |"];
  const row = (name: string, weight: string, rs: OpRecord[]) => {
    const ok = rs.filter((r) => r.code === null).map((r) => r.end - r.start);
    const p = (q: number) => ms(percentile(ok, q));
    lines.push(`| ${name} | ${weight} | ${rs.length} (${share(rs.length, records.length)}) | ${ok.length} | ${(ok.length / seconds).toFixed(1)} | ${p(50)} / ${p(95)} / ${p(99)} |`);
  };
  for (const [op, weight] of MIX) row(op, `${weight}%`, records.filter((r) => r.op === op));
  row("**all**", "", records);
  return lines;
}

/** Errors by code and operation (nothing when there were none). */
export function errorTable(records: OpRecord[]): string[] {
  const failed = records.filter((r) => r.code !== null);
  if (!failed.length) return ["No errors."];
  const codes = [...new Set(failed.map((r) => r.code!))].sort();
  const lines = [`| code | ${OPS.join(" | ")} | all |`, `| --- |${" --- |".repeat(OPS.length + 1)}`];
  for (const code of codes) {
    const n = (op?: string) => failed.filter((r) => r.code === code && (!op || r.op === op)).length;
    lines.push(`| ${code} | ${OPS.map((op) => n(op)).join(" | ")} | ${n()} |`);
  }
  return lines;
}

export function readBackTable(rows: ReadBack[]): string[] {
  return [
    "| writes | acknowledged | read back | lost | not as written | answered with an error | …yet written |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map((r) => `| ${r.kind} | ${r.acknowledged} | ${r.present} | **${r.acknowledged - r.present}** | ${r.wrong} | ${r.refused < 0 ? "(retried until acknowledged)" : r.refused} | ${r.refusedPresent}${r.refused < 0 ? " (a retry answered created: false)" : ""} |`),
  ];
}

export function checksTable(checks: Checks): string[] {
  return ["| check for a half-done write | found |", "| --- | --- |", ...checks.map(([name, n]) => `| ${name} | ${n ? `**${n}**` : 0} |`)];
}

export function feedLines(f: FeedCheck): string[] {
  const ends = Object.entries(f.ends).map(([why, n]) => `${n} × ${why}`).join(", ") || "none";
  return [
    `| subscribers | outbox events | deliveries expected | received | lost | duplicated | unexpected | resubscriptions (why the earlier ones ended) |`,
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    `| ${f.subscribers} | ${f.outboxEvents} | ${f.expected} | ${f.received} | **${f.lost}** | **${f.duplicated}** | ${f.unexpected} | ${f.resubscribed} (${ends}) |`,
  ];
}

export interface ProcessUse {
  name: string;
  cpuSeconds: number | null;
  peakRss: number | null;
}

/** CPU over the measured period, as cores busy on average, and peak resident memory. */
export function resourceTable(use: ProcessUse[], seconds: number): string[] {
  return [
    "| process | CPU (cores busy, on average) | peak RSS |",
    "| --- | --- | --- |",
    ...use.map((u) => `| ${u.name} | ${u.cpuSeconds === null ? "?" : `${(u.cpuSeconds / seconds).toFixed(2)} (${u.cpuSeconds.toFixed(1)} s)`} | ${u.peakRss === null ? "?" : `${Math.round(u.peakRss / 2 ** 20)} MB`} |`),
  ];
}
