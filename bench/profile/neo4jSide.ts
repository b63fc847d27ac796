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
}

/** Samples SHOW TRANSACTIONS every `everyMs` until stopped. */
export function sampleTransactions(driver: Driver, everyMs = 250) {
  let samples = 0;
  let open = 0;
  let blockedTotal = 0;
  const blocked = new Map<string, number>();
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
          if (String(r.get("status")).startsWith("Blocked")) {
            blockedTotal++;
            const key = text.replace(/\s+/g, " ").trim().slice(0, 110);
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
        blocked: [...blocked.entries()].map(([text, seen]) => ({ text, seen })).sort((a, b) => b.seen - a.seen).slice(0, 8),
      };
    },
  };
}

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
