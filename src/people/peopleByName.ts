import type { AppDeps } from "../core/appDeps.js";
import type { RequestContext } from "../core/requestContext.js";
import { cypherInt } from "../graph/readQuery.js";
import { executor } from "../graph/executor.js";
import type { Row } from "../graph/statement.js";
import { matchEntities } from "./matchEntities.js";
import type { NameVectors } from "./nameVectors.js";

/** The matched people, in the order of the match, readable by the caller (matchEntities saw only those). */
const PEOPLE_BY_KEY = `
  UNWIND range(0, size($keys) - 1) AS i
  MATCH (p:Person) WHERE elementId(p) = $keys[i]
  RETURN p.id AS personId, p.name AS name, p.realName AS realName, coalesce(p.aliases, []) AS aliases, $keys[i] AS key
  ORDER BY i LIMIT $limit`;

/** A row of PEOPLE_BY_KEY. */
const personByKey = (r: Row) => ({
  personId: r.string("personId"),
  name: r.stringOrNull("name") ?? r.string("personId"),
  realName: r.stringOrNull("realName"),
  aliases: r.stringsOrEmpty("aliases"),
  key: r.string("key"),
});

/** peopleByName: the people a name matches (exactly, by alias, or by the name's vector), with how. */
export function peopleByNameResolver(app: AppDeps, vectors: NameVectors) {
  return async ({ name, limit }: { name: string; limit: number }, ctx: RequestContext) => {
    const match = await matchEntities(app, vectors, ctx.caller, "Person", [name]);
    const rows = match.keys.length ? await executor(app).read({ cypher: PEOPLE_BY_KEY, params: { keys: match.keys, limit: cypherInt(limit) }, decode: personByKey }) : [];
    const people = rows.map(({ key, ...person }) => ({ ...person, similarity: match.similarity.get(key) ?? null }));
    return { name, matchedBy: match.kind, people };
  };
}
