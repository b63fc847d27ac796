/**
 * What Neo4j itself shows while the load runs, through Cypher (Neo4j
 * Community has no query log): transactions sampled with SHOW TRANSACTIONS
 * (how many run, how many wait on a lock and on which statement), and the
 * plans of the statements the gateway sent (EXPLAIN: which ones scan a
 * label or all nodes instead of using an index).
 */
import type { Driver } from "neo4j-driver";

export interface LockSample {
  samples: number;
  /** Mean number of transactions open at a sample. */
  meanOpen: number;
  /** Mean number waiting on a lock at a sample. */
  meanBlocked: number;
  /** The statements seen waiting, with how many samples saw them. */
  blocked: { text: string; seen: number }[];
  /** The statements seen running, with how many samples saw them: where Neo4j's time is held, by statement. */
  running: { text: string; seen: number }[];
}

/** Samples SHOW TRANSACTIONS every `everyMs` until stopped. */
export function sampleTransactions(driver: Driver, everyMs = 250) {
  let samples = 0;
  let open = 0;
  let blockedTotal = 0;
  const blocked = new Map<string, number>();
  const running = new Map<string, number>();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      try {
        const { records } = await driver.executeQuery("SHOW TRANSACTIONS YIELD status, currentQuery RETURN status, currentQuery");
        samples++;
        for (const r of records) {
          const text = String(r.get("currentQuery") ?? "");
          if (text.startsWith("SHOW TRANSACTIONS")) continue;
          open++;
          const key = text.replace(/\s+/g, " ").trim().slice(0, 110);
          if (key) running.set(key, (running.get(key) ?? 0) + 1);
          if (String(r.get("status")).startsWith("Blocked")) {
            blockedTotal++;
            blocked.set(key, (blocked.get(key) ?? 0) + 1);
          }
        }
      } catch {
        // A sample lost under load is a sample fewer.
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop(): Promise<LockSample> {
      stopped = true;
      await loop;
      return {
        samples,
        meanOpen: open / (samples || 1),
        meanBlocked: blockedTotal / (samples || 1),
        blocked: mostSeen(blocked),
        running: mostSeen(running),
      };
    },
  };
}

/** The eight statements seen most often. */
const mostSeen = (seen: Map<string, number>) =>
  [...seen.entries()].map(([text, count]) => ({ text, seen: count })).sort((a, b) => b.seen - a.seen).slice(0, 8);

const SCANS = new Set(["AllNodesScan", "NodeByLabelScan", "DirectedRelationshipTypeScan", "UndirectedRelationshipTypeScan"]);

interface PlanNode {
  operatorType: string;
  children: PlanNode[];
}

function scansIn(plan: PlanNode): string[] {
  const own = SCANS.has(plan.operatorType.replace(/@.*$/, "")) ? [plan.operatorType.replace(/@.*$/, "")] : [];
  return [...own, ...plan.children.flatMap(scansIn)];
}

/**
 * EXPLAIN of each distinct statement (full text, as the spans carry it up to
 * their length limit): the scans its plan does. Statements whose text was
 * cut, or that EXPLAIN refuses, are counted apart.
 */
export async function explainScans(driver: Driver, statements: string[]): Promise<{ scanning: { text: string; scans: string[] }[]; explained: number; refused: number }> {
  const scanning: { text: string; scans: string[] }[] = [];
  let explained = 0;
  let refused = 0;
  for (const text of statements) {
    try {
      const { summary } = await driver.executeQuery(`EXPLAIN ${text}`);
      explained++;
      const scans = summary.plan ? scansIn(summary.plan as unknown as PlanNode) : [];
      if (scans.length) scanning.push({ text: text.replace(/\s+/g, " ").slice(0, 110), scans });
    } catch {
      refused++;
    }
  }
  return { scanning, explained, refused };
}

export interface CompileSummary {
  invocations: number;
  /** Invocations whose statement was planned (again): compile time of at least COMPILED_MS. */
  compiled: number;
  compileMs: number;
  executionMs: number;
  /** The statements planned most, by time spent planning them. */
  top: { text: string; invocations: number; compiled: number; compileMs: number }[];
}

/** A cache hit costs Neo4j about a millisecond of "compile" time; a plan made (a miss, or a stale plan made again) tens to thousands. */
const COMPILED_MS = 10;

interface Invocation {
  elapsedCompileTimeInUs?: unknown;
  elapsedExecutionTimeInUs?: unknown;
}

const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : v && typeof v === "object" && "toNumber" in v ? (v as { toNumber(): number }).toNumber() : 0);

/**
 * Neo4j's own statement statistics over the window (db.stats.collect
 * 'QUERIES'): for every statement text, each invocation's planning and
 * execution time. Tells plans made again (a plan found stale, a cache miss)
 * from plans reused, which a CPU profile cannot.
 */
export async function collectQueryStats(driver: Driver) {
  await driver.executeQuery("CALL db.stats.clear('QUERIES')");
  await driver.executeQuery("CALL db.stats.collect('QUERIES', {durationSeconds: 3600})");
  return {
    async stop(): Promise<CompileSummary> {
      await driver.executeQuery("CALL db.stats.stop('QUERIES')");
      const { records } = await driver.executeQuery("CALL db.stats.retrieve('QUERIES', {maxInvocations: 100000}) YIELD data RETURN data");
      const rows = records.map((r) => r.get("data") as { query: string; invocations: Invocation[] });
      return summarizeQueryStats(rows);
    },
  };
}

/** Pure: planning against execution over the statements' invocations. */
export function summarizeQueryStats(rows: { query: string; invocations: Invocation[] }[]): CompileSummary {
  let invocations = 0;
  let compiled = 0;
  let compileMs = 0;
  let executionMs = 0;
  const top = rows.map((row) => {
    const compiles = row.invocations.map((i) => num(i.elapsedCompileTimeInUs) / 1000);
    const made = compiles.filter((ms) => ms >= COMPILED_MS);
    invocations += row.invocations.length;
    compiled += made.length;
    compileMs += compiles.reduce((s, ms) => s + ms, 0);
    executionMs += row.invocations.reduce((s, i) => s + num(i.elapsedExecutionTimeInUs) / 1000, 0);
    return { text: row.query.replace(/\s+/g, " ").trim().slice(0, 110), invocations: row.invocations.length, compiled: made.length, compileMs: made.reduce((s, ms) => s + ms, 0) };
  });
  return { invocations, compiled, compileMs, executionMs, top: top.filter((t) => t.compiled > 0).sort((a, b) => b.compileMs - a.compileMs).slice(0, 10) };
}
