import type { Driver } from "neo4j-driver";
import type { Logger } from "../logging/logger.js";
import type { Statement, StatementWatcher } from "./watchedDriver.js";

/** Distinct statements remembered: about what one gateway's operations and workers send. */
const DEFAULT_CAPACITY = 300;
/** A longer text is not remembered (a statement built for one request, not a plan worth warming). */
const MAX_TEXT = 20_000;

export interface StatementMemory {
  /** Watches the driver's statements (watchedDriver.ts) and remembers the latest distinct ones with their parameters. */
  readonly watch: StatementWatcher;
  /** The remembered statements, most recently sent first. */
  recent(): Statement[];
}

/**
 * The statements the gateway sent most recently, one per distinct text with
 * the parameters it was last sent with (kept by reference, never logged): what
 * to plan again after Neo4j restarts with an empty query cache. A Map in
 * insertion order is the LRU: a statement sent again moves to the end.
 */
export function statementMemory(capacity = DEFAULT_CAPACITY): StatementMemory {
  const byText = new Map<string, Statement>();
  return {
    watch(statement) {
      if (statement.text.length > MAX_TEXT || statement.text.length === 0) return;
      byText.delete(statement.text);
      byText.set(statement.text, statement);
      if (byText.size > capacity) byText.delete(byText.keys().next().value!);
    },
    recent: () => [...byText.values()].reverse(),
  };
}

/**
 * The statement as `EXPLAIN`: planned (and its plan cached under the same text
 * and parameter types) but not run. A leading `CYPHER 5` line of
 * @neo4j/graphql's stays in front, where Neo4j reads query options.
 */
export function explainOf(text: string): string {
  const options = /^(CYPHER[^\n]*\n)/i.exec(text)?.[1] ?? "";
  return `${options}EXPLAIN ${text.slice(options.length)}`;
}

export interface WarmPlansOptions {
  driver: Driver;
  statements: readonly Statement[];
  /** Give up on the rest after this long: readiness must not wait on warming for ever. */
  budgetMs: number;
  /** Statements planned at the same time (Neo4j plans each on one of its threads). */
  concurrency?: number;
  logger: Logger;
}

export interface WarmPlansResult {
  planned: number;
  failed: number;
  skipped: number;
  elapsedMs: number;
}

/**
 * Plans each statement again with EXPLAIN and its last parameters, so the first
 * requests after a restart of Neo4j do not all compile the same plans at once
 * on a cold cache (bench:fault saw 16 s between ready and the first answer
 * under 50 agents). Nothing is run: EXPLAIN reads and writes no data. A
 * statement that fails to plan is counted and left.
 */
export async function warmPlans({ driver, statements, budgetMs, concurrency = 2, logger }: WarmPlansOptions): Promise<WarmPlansResult> {
  const started = performance.now();
  const queue = [...statements];
  let planned = 0;
  let failed = 0;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (performance.now() - started > budgetMs) {
        queue.unshift(next);
        return;
      }
      const session = driver.session({ database: next.database });
      try {
        await session.run(explainOf(next.text), (next.params ?? {}) as Record<string, unknown>);
        planned++;
      } catch (err) {
        failed++;
        logger.debug({ err, statement: next.text.slice(0, 200) }, "A statement could not be planned again");
      } finally {
        await session.close().catch(() => {});
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { planned, failed, skipped: queue.length, elapsedMs: Math.round(performance.now() - started) };
}
