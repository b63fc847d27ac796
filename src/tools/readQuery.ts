import neo4j, { type RecordShape } from "neo4j-driver";
import type { ToolDeps } from "./toolDeps.js";

/** Runs one read-only query of a tool (a managed read transaction: read routing, retried on transient errors by the driver). */
export async function readQuery<R extends RecordShape = RecordShape>(
  deps: Pick<ToolDeps, "driver" | "database">,
  cypher: string,
  params: Record<string, unknown>,
): Promise<R[]> {
  const { records } = await deps.driver.executeQuery(cypher, params, { database: deps.database, routing: neo4j.routing.READ });
  return records.map((r) => r.toObject() as R);
}

/** A driver Integer or a JS number as a JS number (null stays null). */
export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  return neo4j.isInt(value) ? value.toNumber() : Number(value);
}

/** A limit or k as the integer Cypher expects (a JS number would be a float). */
export const cypherInt = (n: number) => neo4j.int(n);
