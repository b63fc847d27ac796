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
  WITH p, r, o ORDER BY coalesce(r.confidence, 0.0) DESC LIMIT $max
  RETURN ${FACT_ROW} AS fact`;

/** Facts of `types` that point at the matched nodes, from people the caller may read, most confident first. */
export async function factsOfEntities(
  deps: ToolDeps,
  caller: Caller,
  keys: readonly string[],
  types: readonly string[],
  minConfidence: number,
  max = MAX_FACTS_READ,
): Promise<FactRow[]> {
  if (!keys.length || !types.length) return [];
  const rows = await readQuery(deps, CYPHER, { ...visibilityParams(caller), keys, types, minConfidence, max: cypherInt(Math.min(max, MAX_FACTS_READ)) });
  return rows.map((r) => r.fact as FactRow);
}

/**
 * The most confident fact of each of the first `people` persons: reads a few
 * facts per person wanted, and everything (up to MAX_FACTS_READ) only when
 * that was not enough. A popular skill has hundreds of holders; projecting
 * them all to keep ten cost most of a lookup.
 */
export async function topFactPerPerson(
  deps: ToolDeps,
  caller: Caller,
  keys: readonly string[],
  types: readonly string[],
  minConfidence: number,
  people: number,
): Promise<FactRow[]> {
  const max = people * 5;
  const rows = await factsOfEntities(deps, caller, keys, types, minConfidence, max);
  const first = firstPerPerson(rows);
  if (first.length >= people || rows.length < max) return first.slice(0, people);
  return firstPerPerson(await factsOfEntities(deps, caller, keys, types, minConfidence)).slice(0, people);
}

/** The first fact of each person, in the given order. Pure. */
export function firstPerPerson<T extends { personId: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.personId) && seen.add(i.personId));
}
