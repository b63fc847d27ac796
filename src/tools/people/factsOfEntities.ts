import type { Caller } from "../../auth/caller.js";
import { visibilityParams } from "../../auth/policy.js";
import { FACT_ROW, type FactRow } from "../../facts/factRecord.js";
import { cypherInt, readQuery } from "../readQuery.js";
import type { ToolDeps } from "../toolDeps.js";
import { visibleAs } from "../visibleAs.js";

/** Most facts one tool reads before filtering by time and limiting (the limit applies after validity filters). */
export const MAX_FACTS_READ = 1000;

const CYPHER = `
  UNWIND $keys AS key
  MATCH (o) WHERE elementId(o) = key
  MATCH (p:Person)-[r]->(o)
  WHERE type(r) IN $types AND p.tenantId = $callerTenant AND ${visibleAs("p")} AND coalesce(r.confidence, 0.0) >= $minConfidence
  RETURN ${FACT_ROW} AS fact
  ORDER BY fact.confidence DESC LIMIT $max`;

/** Facts of `types` that point at the matched nodes, from people the caller may read, most confident first. */
export async function factsOfEntities(
  deps: ToolDeps,
  caller: Caller,
  keys: readonly string[],
  types: readonly string[],
  minConfidence: number,
): Promise<FactRow[]> {
  if (!keys.length || !types.length) return [];
  const rows = await readQuery(deps, CYPHER, { ...visibilityParams(caller), keys, types, minConfidence, max: cypherInt(MAX_FACTS_READ) });
  return rows.map((r) => r.fact as FactRow);
}

/** The first fact of each person, in the given order. Pure. */
export function firstPerPerson<T extends { personId: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.personId) && seen.add(i.personId));
}
