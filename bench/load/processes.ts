/** CPU and memory of the gateway, its Neo4j and this process over the measured period; the settings line of the report. */
import type { Driver } from "neo4j-driver";
import { cpuSeconds, memory } from "../support/procStats.js";
import type { LoadGateway } from "./loadGateway.js";
import type { ProcessUse } from "./report.js";

interface Seen {
  /** CPU seconds when the measured period began (0 for a process started later: a restarted Neo4j). */
  base: number;
  last: number;
  peak: number;
}

/**
 * Reads /proc every 250 ms, so that a Neo4j that is killed and restarted
 * counts both processes (the killed one up to its last reading before the kill).
 */
/** The row of the gateway's main thread in what measureProcesses reports (the rest of its CPU is its other threads). */
export const MAIN_THREAD = "…of which the gateway's main thread";

/**
 * With several gateways, each is a row of its own ("gateway 1", "gateway 2", …) and the main-thread row
 * is left out; `others` adds processes the benchmark started beside them (the shared model service, Redis).
 */
export function measureProcesses(gw: LoadGateway, others: { name: string; pid: number }[] = []) {
  const several = gw.all.length > 1;
  const gateways: Record<string, () => number | null> = several ? Object.fromEntries(gw.all.map((g, i) => [`gateway ${i + 1}`, () => g.pid])) : { gateway: () => gw.gatewayPid, main: () => gw.gatewayPid };
  const tracked: Record<string, () => number | null> = { ...gateways, neo4j: () => gw.neo4jPid(), ...Object.fromEntries(others.map((o) => [o.name, () => o.pid])) };
  const seen: Record<string, Map<number, Seen>> = Object.fromEntries(Object.keys(tracked).map((name) => [name, new Map<number, Seen>()]));
  let started = false;
  let timer: NodeJS.Timeout | null = null;
  let benchCpu = process.cpuUsage();
  const sample = () => {
    for (const [name, pidOf] of Object.entries(tracked)) {
      const pid = pidOf();
      // "main": the gateway's main thread alone (GraphQL, the driver, the workers' bookkeeping); the rest of the gateway's
      // CPU is its other threads: the embedding model's, the garbage collector's helpers, libuv's pool.
      const cpu = pid === null ? null : cpuSeconds(pid, name === "main" ? pid : undefined);
      if (pid === null || cpu === null) continue;
      const known = seen[name]!.get(pid) ?? { base: started ? 0 : cpu, last: cpu, peak: 0 };
      seen[name]!.set(pid, { ...known, last: cpu, peak: Math.max(known.peak, memory(pid)?.peak ?? 0) });
    }
  };
  const use = (name: string): ProcessUse => {
    const all = [...seen[name]!.values()];
    return { name: `${name}${all.length > 1 ? ` (${all.length} processes)` : ""}`, cpuSeconds: all.reduce((s, p) => s + p.last - p.base, 0), peakRss: Math.max(...all.map((p) => p.peak)) };
  };
  return {
    start() {
      sample();
      started = true;
      benchCpu = process.cpuUsage();
      timer = setInterval(sample, 250);
    },
    end(): ProcessUse[] {
      if (timer) clearInterval(timer);
      sample();
      const cpu = process.cpuUsage(benchCpu);
      const gatewayRows = several ? Object.keys(gateways).map(use) : [use("gateway"), { ...use("main"), name: MAIN_THREAD, peakRss: null }];
      return [...gatewayRows, use("neo4j"), ...others.map((o) => use(o.name)), { name: "benchmark (clients)", cpuSeconds: (cpu.user + cpu.system) / 1e6, peakRss: process.resourceUsage().maxRSS * 1024 }];
    },
  };
}

export async function neo4jVersion(driver: Driver): Promise<string> {
  const { records } = await driver.executeQuery("CALL dbms.components() YIELD versions, edition RETURN versions[0] AS v, edition AS e");
  return `Neo4j ${String(records[0]?.get("v"))} ${String(records[0]?.get("e"))} embedded`;
}

export function settingsLine(gw: LoadGateway): string {
  const s = gw.settings;
  const gateways = gw.all.length > 1 ? `${gw.all.length} gateways on one Neo4j sharing one Redis (each request to the next gateway, agent i's feed on gateway i mod ${gw.all.length}); ` : "";
  return `${gateways}Gateway settings: heap ${s.NEO4J_HEAP}, page cache ${s.NEO4J_PAGECACHE}, RATE_LIMIT_PER_MINUTE=${s.RATE_LIMIT_PER_MINUTE}, RATE_LIMITS=${s.RATE_LIMITS}, NEO4J_BOOKMARKS=${s.NEO4J_BOOKMARKS}, MAX_CONCURRENT_OPERATIONS=${s.MAX_CONCURRENT_OPERATIONS}, MAX_QUEUED_OPERATIONS=${s.MAX_QUEUED_OPERATIONS}, ${embeddingSetting(s)}, no LLM_BASE_URL.`;
}

function embeddingSetting(s: Record<string, string>): string {
  if (s.EMBEDDING_API_MODEL === "local-model-service") return "embeddings from the default local model in one service process the gateways share (--model-service)";
  if (s.EMBEDDING_BASE_URL) return "embeddings from an endpoint in the benchmark's process that runs no model (--model-elsewhere)";
  const changed = [s.EMBEDDING_THREADS && `EMBEDDING_THREADS=${s.EMBEDDING_THREADS}`, s.EMBEDDING_CONTEXT && `EMBEDDING_CONTEXT=${s.EMBEDDING_CONTEXT}`].filter(Boolean);
  return `default embedding model${changed.length ? ` (${changed.join(", ")})` : ""}`;
}
