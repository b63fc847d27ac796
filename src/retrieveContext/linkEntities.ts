import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import { escapeLucene } from "../graph/luceneEscape.js";
import { executor } from "../graph/executor.js";
import { onlyRow, type Row } from "../graph/statement.js";
import type { AppDeps } from "../core/appDeps.js";
import { tenantNodes } from "../graph/tenantNodes.js";
import { visibleAs } from "../graph/visibleAs.js";
import type { Author, ConversationAnalysis } from "./analyzeConversation.js";

/** A node of the graph the conversation names. */
export interface LinkedEntity {
  label: "Person" | "Org" | "Place" | "Skill" | "Topic" | "Project" | "Event";
  id: string;
  name: string;
  /** The words of the conversation that named it. */
  matched: string;
}

/** An author of the conversation, and the Person node they are (if any). */
export interface LinkedAuthor extends Author {
  personId: string | null;
  personName: string | null;
}

export interface EntityLinks {
  entities: LinkedEntity[];
  authors: LinkedAuthor[];
}

/**
 * Everything linking needs, in one statement (each subquery ends in one row):
 * - **entities**: names in the conversation, found through the full-text name
 *   index (every content word, any case) and kept only when a whole name, real
 *   name or alias equals a phrase of the conversation: "Google" links,
 *   "Googleplex" does not. No words, no index lookup.
 * - **authors by id**: an index seek per author with an id.
 * - **authors by name**: for authors without an id, a scan of the tenant's
 *   people, read through the tenant's part of the (tenantId, id) index by
 *   hint: without it the plan scanned every tenant's people, whether any
 *   author lacked an id or not. Names compare in any case, which no index
 *   can seek. One `id = … OR name = …` match would scan for every author.
 */
export const LINK = `
  CALL () {
    UNWIND CASE WHEN $lucene = '' THEN [] ELSE [$lucene] END AS lucene
    CALL db.index.fulltext.queryNodes('entity_names', lucene) YIELD node AS o
    WHERE o.tenantId = $callerTenant AND ${visibleAs("o")}
    WITH o, [n IN [o.name, o.realName] + coalesce(o.aliases, []) WHERE n IS NOT NULL AND toLower(n) IN $grams | n] AS hits
    WHERE size(hits) > 0
    WITH o, hits LIMIT 100
    RETURN collect({label: head([l IN labels(o) WHERE l IN $labels]), id: coalesce(o.id, elementId(o)), name: o.name, matched: head(hits)}) AS entities
  }
  CALL () {
    UNWIND $authorsWithId AS author
    MATCH (p:Person {tenantId: $callerTenant, id: author.id}) WHERE ${visibleAs("p")}
    RETURN collect({index: author.index, personId: p.id, personName: p.name}) AS byId
  }
  CALL () {
    UNWIND $authorsWithoutId AS author
    ${tenantNodes("p", "Person", "$callerTenant")} AND ${visibleAs("p")} AND toLower(p.name) = toLower(author.name)
    WITH author, head(collect(p)) AS p
    RETURN collect({index: author.index, personId: p.id, personName: p.name}) AS byName
  }
  RETURN entities, byId, byName`;

const LABELS = ["Person", "Org", "Place", "Skill", "Topic", "Project", "Event"] as const satisfies readonly LinkedEntity["label"][];

/** A node that no label of LABELS names is left out (it has none of them). */
const entityOf = (e: Row): LinkedEntity | null => {
  const label = e.oneOfOrNull("label", LABELS);
  return label && { label, id: e.string("id"), name: e.stringOrNull("name") ?? "", matched: e.stringOrNull("matched") ?? "" };
};
const authorOf = (a: Row) => ({ index: a.number("index"), personId: a.stringOrNull("personId"), personName: a.stringOrNull("personName") });

/** LINK's one row. */
const decode = (r: Row) => ({
  entities: r.rows("entities").map(entityOf).filter((e): e is LinkedEntity => e !== null),
  authors: [...r.rows("byId"), ...r.rows("byName")].map(authorOf),
});

/** Links the analysis to graph nodes the caller may read: one round trip, index-backed unless an author has no id. */
export async function linkEntities(deps: Pick<AppDeps, "driver" | "database">, caller: Caller, analysis: ConversationAnalysis): Promise<EntityLinks> {
  const authors = analysis.authors.map((a, index) => ({ index, id: a.id, name: a.name }));
  const params = {
    ...visibilityParams(caller),
    lucene: analysis.words.map((w) => escapeLucene(w)).join(" "),
    grams: analysis.grams,
    labels: LABELS,
    authorsWithId: authors.filter((a) => a.id !== null && a.id !== undefined),
    authorsWithoutId: authors.filter((a) => a.id === null || a.id === undefined),
  };
  const row = onlyRow(await executor(deps).read({ cypher: LINK, params, decode }));
  const byIndex = new Map(row.authors.map((r) => [r.index, r]));
  return {
    entities: row.entities,
    authors: analysis.authors.map((a, i) => ({
      ...a,
      personId: byIndex.get(i)?.personId ?? null,
      personName: byIndex.get(i)?.personName ?? null,
    })),
  };
}
