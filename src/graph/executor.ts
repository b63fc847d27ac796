import neo4j, { type Driver, type ManagedTransaction, type Plan, type QueryResult, type Result, type SessionConfig } from "neo4j-driver";
import { rowOf } from "./row.js";
import type { Statement } from "./statement.js";
import { inStatementSpan, startStatementSpan } from "./statementSpan.js";
import { untraced } from "./tracedDriver.js";

/** Where statements run: the process's driver and its database. */
export interface GraphTarget {
  driver: Driver;
  database: string;
}

/** A transaction the executor holds: statements run in it see each other's writes and commit together. */
export interface Tx {
  run<R>(statement: Statement<R>): Promise<R[]>;
  /**
   * This transaction as @neo4j/graphql's `executionContext` (it only calls
   * `run`): a generated mutation runs its translated statements in it, so
   * they commit or roll back with the statements run beside them
   * (feed/knowledgeOutbox.ts), each with its span. Only for @neo4j/graphql:
   * a domain's own statement is a Statement given to `run`.
   */
  forGraphql(): { run(cypher: string, params: Record<string, unknown>): Promise<QueryResult> };
}

export interface RunOptions {
  /**
   * Carry the driver's shared bookmarks (driver.ts, usesBookmarks), so a read
   * sees what earlier writes committed: on by default. Search's hot-path
   * reads go without them, as they always have.
   */
  bookmarks?: boolean;
  /**
   * A managed transaction runs again, at most ATTEMPTS times, when another
   * transaction deleted a node or relationship it had matched and committed
   * while its statement ran (vanishedEntity): the rerun matches only what is
   * still there. For writes to what they matched by id, such as the embedding
   * worker's write-backs, whose batch is otherwise lost for one deleted row.
   */
  rerunIfVanished?: boolean;
}

/** How `readGuarded` bounds a query someone else wrote. */
export interface ReadGuard {
  /** Neo4j stops the transaction after this long. */
  timeoutMs: number;
  /** The transaction's metadata, as SHOW TRANSACTIONS and the query log show it. */
  metadata: Record<string, unknown>;
  /** Rows read at most: one more is fetched, to know whether there were more. */
  maxRows: number;
  /** Given the statement's plan (its EXPLAIN, in the same transaction) before it runs: throwing stops it there. */
  checkPlan(queryType: string, plan: Plan | undefined): void;
}

/** What `readGuarded` read: the statement's columns, its first rows, and whether it had more. */
export interface GuardedRows<R> {
  columns: string[];
  rows: R[];
  truncated: boolean;
}

/**
 * The one place that runs Cypher. Reads and writes either on their own (an
 * auto-commit transaction: one round trip, retried when the driver calls the
 * error retryable) or as a managed transaction (the driver retries the whole
 * work on a transient error); either way in the right access mode, with the
 * bookmarks, a span per statement, and each row decoded by its statement.
 */
export interface Executor {
  /** One read-only statement, in an auto-commit READ transaction. */
  read<R>(statement: Statement<R>, options?: RunOptions): Promise<R[]>;
  /**
   * One statement that is the whole of its write, in an auto-commit WRITE
   * transaction. Only for a statement safe to retry: it creates under a
   * unique key (a retry after a lost reply is refused, not doubled) or is
   * idempotent.
   */
  write<R>(statement: Statement<R>, options?: RunOptions): Promise<R[]>;
  /** Several reads that must see one state. */
  readTransaction<T>(work: (tx: Tx) => Promise<T>, options?: RunOptions): Promise<T>;
  /** A write of several statements, committed together; `work` may run again on a transient error. */
  writeTransaction<T>(work: (tx: Tx) => Promise<T>, options?: RunOptions): Promise<T>;
  /**
   * What @neo4j/graphql runs a translated read on when it is given as the
   * request's `executionContext` (neither a driver nor a session: it only
   * calls `run`): each statement as `read` runs one, in one round trip, where
   * @neo4j/graphql's own managed read transaction takes three. Only for
   * operations that read (graph/selectNodes.ts): a write given to it would
   * run on a READ session and be refused.
   */
  readsForGraphql(): { run(cypher: string, params: Record<string, unknown>): Promise<QueryResult> };
  /**
   * A read-only query someone else wrote, under guard (the cypher tool): one
   * explicit READ transaction with a timeout, never retried and never
   * committed (it is rolled back once read). The statement is EXPLAINed first
   * and its plan checked (`guard.checkPlan`); then at most `guard.maxRows`
   * rows are read, and the rest is discarded on the server.
   */
  readGuarded<R>(statement: Statement<R>, guard: ReadGuard, options?: RunOptions): Promise<GuardedRows<R>>;
}

/** Attempts of an auto-commit statement that failed with an error the driver calls retryable (a leader change, a deadlock). */
const ATTEMPTS = 3;

/**
 * Whether a statement run outside a managed transaction that failed with `err` at its `attempt`-th try
 * runs again: only an error the driver calls retryable, at most ATTEMPTS tries, after a short random pause
 * (resolved once the pause is over). The executor's auto-commit statements and group commit's lone writes.
 */
export async function retryAfter(err: unknown, attempt: number): Promise<boolean> {
  if (attempt >= ATTEMPTS || !neo4j.isRetryableError(err as Error)) return false;
  await new Promise((resolve) => setTimeout(resolve, 10 * attempt * (1 + Math.random())));
  return true;
}

/**
 * Whether `err` is Neo4j failing a statement because a node or relationship it
 * had matched was deleted by another transaction meanwhile: matching takes no
 * lock, so a write (a vector procedure, a SET) finds the entity gone. Plain
 * Cypher reports it as EntityNotFound; a procedure, as ProcedureCallFailed
 * caused by an EntityNotFoundException.
 */
export function vanishedEntity(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (code === "Neo.ClientError.Statement.EntityNotFound") return true;
  return code === "Neo.ClientError.Procedure.ProcedureCallFailed" && typeof message === "string" && message.includes("EntityNotFoundException");
}

type AccessMode = typeof neo4j.session.READ | typeof neo4j.session.WRITE;

/** The executor over `target`: cheap to make, holds nothing but the target. */
export function executor(target: GraphTarget): Executor {
  const { driver, traced } = untraced(target.driver);
  const { database } = target;

  const sessionConfig = (accessMode: AccessMode, options: RunOptions = {}): SessionConfig => ({
    database,
    defaultAccessMode: accessMode,
    ...(options.bookmarks === false ? {} : { bookmarkManager: driver.executeQueryBookmarkManager }),
  });

  /** Runs one statement through `run`, inside its span when the driver given was traced. */
  function traceRun<T>(cypher: string, run: () => PromiseLike<T>): Promise<T> {
    return inStatementSpan(traced ? startStatementSpan(cypher, database) : null, run);
  }


  const decoded = <R>(statement: Statement<R>, result: QueryResult): R[] => result.records.map((record) => statement.decode(rowOf(record)));

  async function autoCommit(cypher: string, params: Record<string, unknown>, accessMode: AccessMode, options?: RunOptions): Promise<QueryResult> {
    for (let attempt = 1; ; attempt++) {
      const session = driver.session(sessionConfig(accessMode, options));
      try {
        return await traceRun(cypher, () => session.run(cypher, params));
      } catch (err) {
        if (!(await retryAfter(err, attempt))) throw err;
      } finally {
        await session.close();
      }
    }
  }

  const txOf = (tx: ManagedTransaction): Tx => ({
    run: async (statement) => decoded(statement, await traceRun(statement.cypher, () => tx.run(statement.cypher, statement.params))),
    forGraphql: () => ({ run: (cypher, params) => traceRun(cypher, () => tx.run(cypher, params)) }),
  });

  async function managed<T>(accessMode: AccessMode, work: (tx: Tx) => Promise<T>, options?: RunOptions): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const session = driver.session(sessionConfig(accessMode, options));
      try {
        return accessMode === neo4j.session.READ ? await session.executeRead((tx) => work(txOf(tx))) : await session.executeWrite((tx) => work(txOf(tx)));
      } catch (err) {
        if (!options?.rerunIfVanished || attempt >= ATTEMPTS || !vanishedEntity(err)) throw err;
      } finally {
        await session.close();
      }
    }
  }

  async function readGuarded<R>(statement: Statement<R>, guard: ReadGuard, options?: RunOptions): Promise<GuardedRows<R>> {
    const session = driver.session({ ...sessionConfig(neo4j.session.READ, options), fetchSize: guard.maxRows + 1 });
    try {
      const tx = session.beginTransaction({ timeout: guard.timeoutMs, metadata: guard.metadata });
      try {
        const explain = `EXPLAIN ${statement.cypher}`;
        const { summary } = await traceRun(explain, () => tx.run(explain, statement.params));
        guard.checkPlan(summary.queryType, summary.plan || undefined);
        return await traceRun(statement.cypher, () => firstRows(tx.run(statement.cypher, statement.params), statement, guard.maxRows));
      } finally {
        // Nothing was written; rolling back ends the transaction without a commit.
        if (tx.isOpen()) await tx.rollback().catch(() => {});
      }
    } finally {
      await session.close();
    }
  }

  return {
    read: async (statement, options) => decoded(statement, await autoCommit(statement.cypher, statement.params, neo4j.session.READ, options)),
    write: async (statement, options) => decoded(statement, await autoCommit(statement.cypher, statement.params, neo4j.session.WRITE, options)),
    readsForGraphql: () => ({ run: (cypher, params) => autoCommit(cypher, params, neo4j.session.READ) }),
    readTransaction: (work, options) => managed(neo4j.session.READ, work, options),
    writeTransaction: (work, options) => managed(neo4j.session.WRITE, work, options),
    readGuarded,
  };
}

/** The first `maxRows` rows of a streamed result, decoded; leaving the loop early discards the rest on the server. */
async function firstRows<R>(result: Result, statement: Statement<R>, maxRows: number): Promise<GuardedRows<R>> {
  const columns = await result.keys();
  const rows: R[] = [];
  let truncated = false;
  for await (const record of result) {
    if (rows.length === maxRows) {
      truncated = true;
      break;
    }
    rows.push(statement.decode(rowOf(record)));
  }
  return { columns: [...columns], rows, truncated };
}
