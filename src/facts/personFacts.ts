import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import { FACT_ROW, factRowOf, toFactRecord, type FactRecord, type FactRow } from "./factRecord.js";
import { executor } from "../graph/executor.js";
import type { Statement } from "../graph/statement.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";

/** A person as the tools show it, with every fact of the given types whose object the caller may read. */
export interface PersonFacts {
  personId: string;
  found: boolean;
  name: string | null;
  realName: string | null;
  aliases: string[];
  facts: FactRecord[];
  /** The rows as read, for tools that filter on validity. */
  rows: FactRow[];
}

const CYPHER = `
  OPTIONAL MATCH (p:Person {tenantId: $callerTenant, id: $personId}) WHERE ${visibleAs("p")}
  CALL (p) {
    MATCH (p)-[r]->(o) WHERE type(r) IN $types AND ${visibleAs("o")}
    RETURN collect(${FACT_ROW}) AS facts
  }
  RETURN p IS NOT NULL AS found, p.name AS name, p.realName AS realName, coalesce(p.aliases, []) AS aliases, facts`;

const personFacts = (params: Record<string, unknown>): Statement<Omit<PersonFacts, "personId" | "facts">> => ({
  cypher: CYPHER,
  params,
  decode: (row) => {
    const found = row.boolean("found");
    return found
      ? { found, name: row.stringOrNull("name"), realName: row.stringOrNull("realName"), aliases: row.strings("aliases"), rows: row.rows("facts").map(factRowOf) }
      : { found, name: null, realName: null, aliases: [], rows: [] };
  },
});

/** One query: the person and its facts (all of `types`). An unknown or unreadable person is `found: false`, no facts. */
export async function loadPersonFacts(deps: AppDeps, caller: Caller, personId: string, types: readonly string[]): Promise<PersonFacts> {
  const [read] = await executor(deps).read(personFacts({ ...visibilityParams(caller), personId, types }));
  const person = read ?? { found: false, name: null, realName: null, aliases: [], rows: [] };
  const now = deps.now();
  return { personId, ...person, facts: person.rows.map((r) => toFactRecord(r, now)) };
}
