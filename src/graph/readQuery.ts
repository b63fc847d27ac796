import neo4j, { type QueryResult } from "neo4j-driver";
import type { AppDeps } from "../core/appDeps.js";
import { executor } from "./executor.js";

/** See Executor.readsForGraphql. */
export function autoCommitReads(deps: Pick<AppDeps, "driver" | "database">): { run(cypher: string, params: Record<string, unknown>): Promise<QueryResult> } {
  return executor(deps).readsForGraphql();
}

/** A driver Integer or a JS number as a JS number (null stays null). */
export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  return neo4j.isInt(value) ? value.toNumber() : Number(value);
}

/** A limit or k as the integer Cypher expects (a JS number would be a float). */
export const cypherInt = (n: number) => neo4j.int(n);
