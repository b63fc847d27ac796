import { visibilityParams } from "../auth/policy.js";
import { FACT_ROW, factRowOf, toFactRecord } from "../facts/index.js";
import type { RequestContext } from "../core/requestContext.js";
import { cypherInt } from "../graph/readQuery.js";
import { executor } from "../graph/executor.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";
import { factsOfEntities, MAX_FACTS_READ } from "./factsOfEntities.js";
import { matchEntities } from "./matchEntities.js";
import type { NameVectors } from "./nameVectors.js";
import { placeNames } from "./placeNames.js";

/** How a fact ties a person to a place. */
const RELATIONSHIP: Readonly<Record<string, string>> = { LIVES_IN: "lives_in", WORKS_AT: "works_in", PREVIOUSLY: "worked_in", STUDIED_AT: "studied_in" };

/** The names and aliases of the matched places, lower-cased, to compare with the `location` text of work and study facts. */
const PLACE_NAMES = `
  UNWIND $keys AS key MATCH (o) WHERE elementId(o) = key
  UNWIND [o.name] + coalesce(o.aliases, []) AS name
  RETURN collect(DISTINCT toLower(name)) AS names`;

/** Work and study facts whose `location` attribute is one of the names. */
const LOCATED_FACTS = `
  MATCH (p:Person)-[r:WORKS_AT|PREVIOUSLY|STUDIED_AT]->(o)
  WHERE p.tenantId = $callerTenant AND r.location IS NOT NULL AND toLower(r.location) IN $names
    AND coalesce(r.confidence, 0.0) >= $minConfidence AND ${visibleAs("p")} AND ${visibleAs("o")}
  RETURN ${FACT_ROW} AS fact
  ORDER BY fact.confidence DESC LIMIT $max`;

/** The chatbot memory service's find_people_by_location: LIVES_IN a matched place, or working or studying with that location. */
export function peopleByLocationResolver(deps: AppDeps, vectors: NameVectors) {
  return async ({ location, minConfidence, limit }: { location: string; minConfidence: number; limit: number }, ctx: RequestContext) => {
    const searchedNames = placeNames(location);
    const match = await matchEntities(deps, vectors, ctx.caller, "Place", searchedNames);
    const living = await factsOfEntities(deps, ctx.caller, match.keys, ["LIVES_IN"], minConfidence);
    const graph = executor(deps);
    const [placeNamesFound = []] = match.keys.length ? await graph.read({ cypher: PLACE_NAMES, params: { keys: match.keys }, decode: (r) => r.stringsOrEmpty("names") }) : [];
    const names = [...new Set([...searchedNames, ...placeNamesFound])];
    const located = await graph.read({
      cypher: LOCATED_FACTS,
      params: { ...visibilityParams(ctx.caller), names, minConfidence, max: cypherInt(MAX_FACTS_READ) },
      decode: (r) => factRowOf(r.row("fact")),
    });
    const rows = [...living, ...located];
    const now = deps.now();
    const seen = new Set<string>();
    const people = rows
      .map((row) => ({ row, fact: toFactRecord(row, now) }))
      .sort((a, b) => b.fact.confidence - a.fact.confidence)
      .filter(({ row }) => {
        const key = `${row.personId}\n${RELATIONSHIP[row.type]}`;
        return !seen.has(key) && Boolean(seen.add(key));
      })
      .slice(0, limit)
      .map(({ row, fact }) => ({
        personId: row.personId,
        name: row.personName,
        location: row.type === "LIVES_IN" ? row.object : (row.location ?? row.object),
        relationship: RELATIONSHIP[row.type] ?? row.type.toLowerCase(),
        confidence: fact.confidence,
        evidence: row.evidence,
        similarity: match.similarity.get(row.objectKey) ?? null,
        fact,
      }));
    return { location, searchedNames, matchedBy: located.length && match.kind === "NONE" ? "EXACT" : match.kind, people };
  };
}
