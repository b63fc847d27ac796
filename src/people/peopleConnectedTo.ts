import { visibilityParams } from "../auth/policy.js";
import type { Caller } from "../core/caller.js";
import type { RequestContext } from "../core/requestContext.js";
import type { AppDeps } from "../core/appDeps.js";
import { FACT_ROW, factRowOf, unionEvidence, type FactRow } from "../facts/index.js";
import { cypherInt } from "../graph/readQuery.js";
import { executor } from "../graph/executor.js";
import { onlyRow, type Row, type Statement } from "../graph/statement.js";
import { visibleAs } from "../graph/visibleAs.js";
import { factsByPerson, MAX_FACTS_READ } from "./factsOfEntities.js";
import { EXACT_NAME, fuzzyLucene } from "./matchEntities.js";

/** What people take part in rather than belong to: the labels this tool looks up, a closed set. */
export const CONNECTED_LABELS = ["Project", "Event"] as const;
export type ConnectedLabel = (typeof CONNECTED_LABELS)[number];

/** A project or event the name found. */
export interface ConnectedThing {
  id: string;
  name: string;
  label: ConnectedLabel;
}

/** Most projects and events one name may find. */
const MAX_THINGS = 20;

/**
 * One statement, in two steps:
 * - **the projects and events** whose name, real name or an alias holds every
 *   word of the name (the full-text `entity_names` index: as typed, as a
 *   prefix, within one edit), in the caller's tenant and visible to them;
 *   when some equal the name exactly, only those;
 * - **the facts that tie people to them** (WORKING_ON, ATTENDED_EVENT, any
 *   fact type pointing at the node), expanded from each node found: people of
 *   the caller's tenant the caller may read, confident enough, most confident
 *   first. No label is scanned.
 * A name without a letter or digit looks nothing up.
 */
const CYPHER = `
  CALL () {
    UNWIND CASE WHEN $lucene = '' THEN [] ELSE [$lucene] END AS lucene
    CALL db.index.fulltext.queryNodes('entity_names', lucene) YIELD node AS o, score
    WHERE any(l IN labels(o) WHERE l IN $labels) AND o.tenantId = $callerTenant AND ${visibleAs("o")}
    WITH o, score, ${EXACT_NAME} AS exact
    ORDER BY exact DESC, score DESC LIMIT $maxThings
    RETURN collect({node: o, exact: exact}) AS found
  }
  WITH CASE WHEN any(f IN found WHERE f.exact) THEN [f IN found WHERE f.exact] ELSE found END AS kept
  CALL (kept) {
    UNWIND kept AS k
    WITH k.node AS o
    MATCH (p:Person)-[r]->(o)
    WHERE type(r) IN $types AND p.tenantId = $callerTenant AND ${visibleAs("p")} AND coalesce(r.confidence, 0.0) >= $minConfidence
    WITH p, r, o ORDER BY coalesce(r.confidence, 0.0) DESC LIMIT $max
    RETURN collect(${FACT_ROW}) AS facts
  }
  RETURN [k IN kept | {id: coalesce(k.node.id, elementId(k.node)), name: k.node.name, label: head([l IN labels(k.node) WHERE l IN $labels])}] AS things,
         any(k IN kept WHERE k.exact) AS exact, facts`;

export interface ConnectedRead {
  things: ConnectedThing[];
  /** The things found equal the name (else they were found by words, prefixes or spelling). */
  exact: boolean;
  rows: FactRow[];
}

/** The statement for `name`: the projects and events it names and the facts of the people tied to them. Pure. */
export function peopleConnectedToStatement(
  caller: Caller,
  { name, types, minConfidence }: { name: string; types: readonly string[]; minConfidence: number },
): Statement<ConnectedRead> {
  return {
    cypher: CYPHER,
    params: {
      ...visibilityParams(caller),
      lucene: fuzzyLucene(name),
      names: [name.toLowerCase()],
      labels: CONNECTED_LABELS,
      types,
      minConfidence,
      maxThings: cypherInt(MAX_THINGS),
      max: cypherInt(MAX_FACTS_READ),
    },
    decode: (r: Row) => ({
      things: r.rows("things").map((t) => ({ id: t.string("id"), name: t.stringOrNull("name") ?? "", label: t.oneOf("label", CONNECTED_LABELS) })),
      exact: r.boolean("exact"),
      rows: r.rows("facts").map(factRowOf),
    }),
  };
}

/** The people of the rows, one entry each, strongest tie first, with every fact that ties them. Pure. */
export function connectedPeople(rows: readonly FactRow[], now: Date, limit: number) {
  // Rows come most confident first, so each person's first row is their strongest tie.
  return factsByPerson(rows, now)
    .slice(0, limit)
    .map(({ rows: mine, facts }) => {
      return {
        personId: mine[0]!.personId,
        name: mine[0]!.personName,
        connectedTo: mine[0]!.object,
        label: mine[0]!.objectLabel,
        relationshipType: mine[0]!.type,
        relationshipTypes: [...new Set(mine.map((r) => r.type))],
        confidence: Math.max(...facts.map((f) => f.confidence)),
        evidence: mine.reduce<string[]>((all, r) => unionEvidence(all, r.evidence), []),
        facts,
      };
    });
}

/**
 * `Query.peopleConnectedTo` (find_people_connected_to): who works on a
 * project or attended an event a conversation names, the knowledge agent's
 * "if someone mentions a project, look up who else is connected". One read.
 */
export function peopleConnectedToResolver(deps: AppDeps, factTypes: readonly string[]) {
  return async ({ name, minConfidence, limit }: { name: string; minConfidence: number; limit: number }, ctx: RequestContext) => {
    const read = onlyRow(await executor(deps).read(peopleConnectedToStatement(ctx.caller, { name, types: factTypes, minConfidence })));
    const matchedBy = read.things.length === 0 ? "NONE" : read.exact ? "EXACT" : "FUZZY";
    return { name, matchedBy, matched: read.things, people: connectedPeople(read.rows, deps.now(), limit) };
  };
}
