import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import { FACT_ROW, factRowOf, toFactRecord, type FactRecord, type FactRow } from "../facts/index.js";
import { cypherInt } from "../graph/readQuery.js";
import { executor } from "../graph/executor.js";
import type { Row } from "../graph/statement.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";
import { exactMatchAndRead, type EntityLabel } from "./matchEntities.js";

/** Most facts one tool reads before filtering by time and limiting (the limit applies after validity filters). */
export const MAX_FACTS_READ = 1000;

/** Facts (p)-[r]->(o) of the wanted types, from people the caller may read, confident enough. */
const FACT_FILTER = `type(r) IN $types AND p.tenantId = $callerTenant AND ${visibleAs("p")} AND coalesce(r.confidence, 0.0) >= $minConfidence`;

const MATCH_FACTS = `
  UNWIND $keys AS key
  MATCH (o) WHERE elementId(o) = key
  MATCH (p:Person)-[r]->(o)
  WHERE ${FACT_FILTER}`;

const CYPHER = `${MATCH_FACTS}
  WITH p, r, o ORDER BY coalesce(r.confidence, 0.0) DESC LIMIT $max
  RETURN ${FACT_ROW} AS fact`;

/**
 * True for every fact isCurrent (src/facts/factInterval.ts) calls current at
 * $now, and for a few it does not: not a PREVIOUSLY; validUntil, when set, is
 * later; otherwise an end date written as a partial date (2019, 2019-03,
 * 2019-03-14) is not before $now's date at the same length (text order is
 * date order there; a one-digit month or day only ever compares later), and
 * an end date in any other form might be later. A superset, never a subset:
 * ordering by it puts every current fact first.
 */
export const MAYBE_CURRENT = `(type(r) <> 'PREVIOUSLY' AND (r.validUntil IS NULL OR r.validUntil > datetime($now))
  AND (r.validUntil IS NOT NULL OR r.endDate IS NULL OR NOT r.endDate =~ '[0-9]{4}(-[0-9]{1,2}(-[0-9]{1,2})?)?'
       OR r.endDate >= substring($now, 0, size(r.endDate))))`;

const CURRENT_FIRST_ORDER = `ORDER BY ${MAYBE_CURRENT} DESC, coalesce(r.confidence, 0.0) DESC LIMIT $max`;

const CURRENT_FIRST = `${MATCH_FACTS}
  WITH p, r, o ${CURRENT_FIRST_ORDER}
  RETURN ${FACT_ROW} AS fact`;

/** CURRENT_FIRST as the body of a subquery given `nodes` (see exactMatchAndRead). */
const CURRENT_FIRST_OF_NODES = `
    UNWIND nodes AS o
    MATCH (p:Person)-[r]->(o)
    WHERE ${FACT_FILTER}
    WITH p, r, o ${CURRENT_FIRST_ORDER}
    RETURN collect(${FACT_ROW}) AS result`;

/** A row of CYPHER or CURRENT_FIRST: one fact. */
const fact = (r: Row) => factRowOf(r.row("fact"));

/** Facts read current-first, and whether they are enough (see currentFirstFacts). */
export interface CurrentFirst {
  rows: FactRow[];
  enough: (current: (row: FactRow) => boolean) => boolean;
}

/** Facts of `types` that point at the matched nodes, from people the caller may read, most confident first. */
export async function factsOfEntities(
  deps: AppDeps,
  caller: Caller,
  keys: readonly string[],
  types: readonly string[],
  minConfidence: number,
  max = MAX_FACTS_READ,
): Promise<FactRow[]> {
  if (!keys.length || !types.length) return [];
  return executor(deps).read({ cypher: CYPHER, params: { ...visibilityParams(caller), keys, types, minConfidence, max: cypherInt(Math.min(max, MAX_FACTS_READ)) }, decode: fact });
}

/**
 * The most confident fact of each of the first `people` persons: reads a few
 * facts per person wanted, and everything (up to MAX_FACTS_READ) only when
 * that was not enough. A popular skill has hundreds of holders; projecting
 * them all to keep ten cost most of a lookup.
 */
export async function topFactPerPerson(
  deps: AppDeps,
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

/**
 * The facts the people tools rank current-first: every fact that may be
 * current (MAYBE_CURRENT), most confident first, then the rest, at most
 * `max`. Reading a few per person wanted is enough when they hold `people`
 * persons with a current fact (isCurrent, exact) or are all there is;
 * `enough` says whether they did, else the caller reads them all.
 */
export async function currentFirstFacts(
  deps: AppDeps,
  caller: Caller,
  keys: readonly string[],
  types: readonly string[],
  minConfidence: number,
  now: Date,
  people: number,
): Promise<CurrentFirst> {
  if (!keys.length || !types.length) return { rows: [], enough: () => true };
  const max = people * 5;
  const found = await executor(deps).read({ cypher: CURRENT_FIRST, params: { ...visibilityParams(caller), keys, types, minConfidence, max: cypherInt(max), now: now.toISOString() }, decode: fact });
  return currentFirst(found, max, people);
}

/**
 * currentFirstFacts of the nodes of `label` that `names` name exactly
 * (matchEntities' first stage), matched and read in one statement. `keys` is
 * empty when nothing matches exactly: the caller goes on matching.
 */
export async function currentFirstFactsOfExactMatch(
  deps: AppDeps,
  caller: Caller,
  label: EntityLabel,
  names: readonly string[],
  types: readonly string[],
  minConfidence: number,
  now: Date,
  people: number,
): Promise<CurrentFirst & { keys: string[] }> {
  const max = people * 5;
  const params = { types, minConfidence, max: cypherInt(max), now: now.toISOString() };
  const { keys, result } = await exactMatchAndRead(deps, caller, label, names, { cypher: CURRENT_FIRST_OF_NODES, params, decode: (r) => r.rows("result").map(factRowOf) });
  return { keys, ...currentFirst(result, max, people) };
}

/** Rows read up to `max`, current-first, are enough when they hold `people` persons with a current fact or are all there is. Pure. */
function currentFirst(rows: FactRow[], max: number, people: number): CurrentFirst {
  return {
    rows,
    enough: (current) => rows.length < max || new Set(rows.filter(current).map((r) => r.personId)).size >= people,
  };
}

/** The first fact of each person, in the given order. Pure. */
/**
 * The rows grouped by person, each with its facts, in the order each person first
 * appears (rows come most confident first, so a person's first row is their strongest). Pure.
 */
export function factsByPerson(rows: readonly FactRow[], now: Date): { rows: FactRow[]; facts: FactRecord[] }[] {
  const byPerson = new Map<string, { rows: FactRow[]; facts: FactRecord[] }>();
  for (const row of rows) {
    const entry = byPerson.get(row.personId) ?? { rows: [], facts: [] };
    entry.rows.push(row);
    entry.facts.push(toFactRecord(row, now));
    byPerson.set(row.personId, entry);
  }
  return [...byPerson.values()];
}

export function firstPerPerson<T extends { personId: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.personId) && seen.add(i.personId));
}
