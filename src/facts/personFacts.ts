import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import { FACT_ROW, toFactRecord, type FactRecord, type FactRow } from "./factRecord.js";
import { readQuery } from "../graph/readQuery.js";
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

/** One query: the person and its facts (all of `types`). An unknown or unreadable person is `found: false`, no facts. */
export async function loadPersonFacts(deps: AppDeps, caller: Caller, personId: string, types: readonly string[]): Promise<PersonFacts> {
  const [row] = await readQuery(deps, CYPHER, { ...visibilityParams(caller), personId, types });
  const found = Boolean(row?.found);
  const rows = found ? ((row!.facts as FactRow[]) ?? []) : [];
  const now = deps.now();
  return {
    personId,
    found,
    name: found ? (row!.name as string) : null,
    realName: found ? ((row!.realName as string | null) ?? null) : null,
    aliases: found ? (row!.aliases as string[]) : [],
    facts: rows.map((r) => toFactRecord(r, now)),
    rows,
  };
}
