import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * What /proc says of another process (Linux only): CPU time used so far and
 * memory, and the embedded Neo4j's process found by its data directory.
 */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * User + system CPU seconds the process has used (fields 14 and 15 of /proc/<pid>/stat); null when it is gone.
 * With `thread`, those of that one thread (/proc/<pid>/task/<thread>/stat): a process's main thread is its pid.
 */
export function cpuSeconds(pid: number, thread?: number): number | null {
  try {
    const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, "utf8");
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Resident memory now and at its peak over the process's life (VmRSS, VmHWM), in bytes; null when it is gone. */
export function memory(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb("VmRSS"), peak: kb("VmHWM") };
  } catch {
    return null;
  }
}

/** The java process whose command line holds `--home-dir=<dataDir>`: the embedded Neo4j of that data directory. */
export function findNeo4jPid(dataDir: string): number | null {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (args[0]?.endsWith("java") && args.includes(`--home-dir=${dataDir}`)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}
