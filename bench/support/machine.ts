import os from "node:os";

/**
 * The machine a benchmark ran on, as one line for docs/benchmarks.md: cores
 * and CPU model, memory, Node, and the load average when it started (other
 * work on the machine shows there: numbers taken at a load above ~0.5 are noisy).
 */
export function machineLine(): string {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(2)).join(" / ");
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? "cpu"}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load average ${load} (1 / 5 / 15 min) at the start`;
}
