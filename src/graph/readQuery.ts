import neo4j, { type QueryResult, type RecordShape } from "neo4j-driver";
import type { AppDeps } from "../core/appDeps.js";

/** Attempts of a statement that failed with an error the driver calls retryable (a leader change, a deadlock). */
const ATTEMPTS = 3;

/**
 * Runs one read-only query of a tool: an auto-commit transaction in READ mode
 * (one round trip: no BEGIN and COMMIT of its own), with the driver's
 * executeQuery bookmarks so it sees what earlier writes committed, retried
 * like a managed transaction when the error is retryable.
 */
export function readQuery<R extends RecordShape = RecordShape>(
  deps: Pick<AppDeps, "driver" | "database">,
  cypher: string,
  params: Record<string, unknown>,
): Promise<R[]> {
  return autoCommit<R>(deps, cypher, params, neo4j.session.READ).then(toObjects);
}

/**
 * What @neo4j/graphql runs a translated read on when it is given as the
 * request's `executionContext` (neither a driver nor a session: it only calls
 * `run`): each statement as readQuery runs one, in one round trip, where
 * @neo4j/graphql's own managed read transaction takes three. Only for
 * operations that read (graph/selectNodes.ts): a write given to it would run
 * on a READ session and be refused.
 */
export function autoCommitReads(deps: Pick<AppDeps, "driver" | "database">): { run(cypher: string, params: Record<string, unknown>): Promise<QueryResult> } {
  return { run: (cypher, params) => autoCommit(deps, cypher, params, neo4j.session.READ) };
}

/**
 * Runs one write statement on its own, as readQuery runs a read: one round
 * trip instead of a managed transaction's three. Only for a statement that is
 * the whole of its write, and safe to retry: it creates under a unique key (a
 * retry after a lost reply is refused, not doubled) or is idempotent.
 */
export function writeStatement<R extends RecordShape = RecordShape>(
  deps: Pick<AppDeps, "driver" | "database">,
  cypher: string,
  params: Record<string, unknown>,
): Promise<R[]> {
  return autoCommit<R>(deps, cypher, params, neo4j.session.WRITE).then(toObjects);
}

const toObjects = <R extends RecordShape>(result: QueryResult<R>): R[] => result.records.map((r) => r.toObject());

async function autoCommit<R extends RecordShape>(
  deps: Pick<AppDeps, "driver" | "database">,
  cypher: string,
  params: Record<string, unknown>,
  accessMode: typeof neo4j.session.READ | typeof neo4j.session.WRITE,
): Promise<QueryResult<R>> {
  for (let attempt = 1; ; attempt++) {
    const session = deps.driver.session({
      database: deps.database,
      defaultAccessMode: accessMode,
      bookmarkManager: deps.driver.executeQueryBookmarkManager,
    });
    try {
      return await session.run<R>(cypher, params);
    } catch (err) {
      if (attempt >= ATTEMPTS || !neo4j.isRetryableError(err as Error)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt * (1 + Math.random())));
    } finally {
      await session.close();
    }
  }
}

/** A driver Integer or a JS number as a JS number (null stays null). */
export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  return neo4j.isInt(value) ? value.toNumber() : Number(value);
}

/** A limit or k as the integer Cypher expects (a JS number would be a float). */
export const cypherInt = (n: number) => neo4j.int(n);
