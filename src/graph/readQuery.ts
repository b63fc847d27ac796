import neo4j, { type QueryResult, type RecordShape } from "neo4j-driver";
import type { AppDeps } from "../core/appDeps.js";
import { executor } from "./executor.js";
import type { Statement } from "./statement.js";

/** A statement whose rows are read whole, typed by the caller's generic (see Row.fields). */
const wholeRows = <R extends RecordShape>(cypher: string, params: Record<string, unknown>): Statement<R> => ({ cypher, params, decode: (row) => row.fields<R>() });

/**
 * Runs one read-only query of a tool through the executor's `read`: an
 * auto-commit transaction in READ mode, with the shared bookmarks, retried
 * when the error is retryable. Its rows are typed by the caller's generic; a
 * new query declares a Statement with a decode and calls the executor.
 */
export function readQuery<R extends RecordShape = RecordShape>(
  deps: Pick<AppDeps, "driver" | "database">,
  cypher: string,
  params: Record<string, unknown>,
): Promise<R[]> {
  return executor(deps).read(wholeRows<R>(cypher, params));
}

/** See Executor.readsForGraphql. */
export function autoCommitReads(deps: Pick<AppDeps, "driver" | "database">): { run(cypher: string, params: Record<string, unknown>): Promise<QueryResult> } {
  return executor(deps).readsForGraphql();
}

/**
 * Runs one write statement on its own through the executor's `write` (see
 * there: only for a statement that is the whole of its write and safe to
 * retry).
 */
export function writeStatement<R extends RecordShape = RecordShape>(
  deps: Pick<AppDeps, "driver" | "database">,
  cypher: string,
  params: Record<string, unknown>,
): Promise<R[]> {
  return executor(deps).write(wholeRows<R>(cypher, params));
}

/** A driver Integer or a JS number as a JS number (null stays null). */
export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  return neo4j.isInt(value) ? value.toNumber() : Number(value);
}

/** A limit or k as the integer Cypher expects (a JS number would be a float). */
export const cypherInt = (n: number) => neo4j.int(n);
