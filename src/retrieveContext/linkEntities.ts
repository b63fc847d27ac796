import type { Caller } from "../auth/caller.js";
import { visibilityParams } from "../auth/policy.js";
import { escapeLucene } from "../retrieval/luceneEscape.js";
import { readQuery } from "../tools/readQuery.js";
import type { ToolDeps } from "../tools/toolDeps.js";
import { visibleAs } from "../tools/visibleAs.js";
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
 * Names in the conversation, found through the full-text name index (every
 * content word, any case) and kept only when a whole name, real name or alias
 * equals a phrase of the conversation: "Google" links, "Googleplex" does not.
 */
const ENTITIES = `
  CALL db.index.fulltext.queryNodes('entity_names', $lucene) YIELD node AS o
  WHERE o.tenantId = $callerTenant AND ${visibleAs("o")}
  WITH o, [n IN [o.name, o.realName] + coalesce(o.aliases, []) WHERE n IS NOT NULL AND toLower(n) IN $grams | n] AS hits
  WHERE size(hits) > 0
  RETURN head([l IN labels(o) WHERE l IN $labels]) AS label, coalesce(o.id, elementId(o)) AS id, o.name AS name, head(hits) AS matched
  LIMIT 100`;

/**
 * The authors as Person nodes: by id (an index seek), else — for authors
 * without an id — by name. One `id = … OR name = …` query would scan every
 * Person for every author.
 */
const AUTHORS_BY_ID = `
  UNWIND $authors AS author
  MATCH (p:Person {tenantId: $callerTenant, id: author.id}) WHERE ${visibleAs("p")}
  RETURN author.index AS index, p.id AS personId, p.name AS personName`;

const AUTHORS_BY_NAME = `
  UNWIND $authors AS author
  MATCH (p:Person) WHERE p.tenantId = $callerTenant AND ${visibleAs("p")} AND toLower(p.name) = toLower(author.name)
  WITH author, head(collect(p)) AS p
  RETURN author.index AS index, p.id AS personId, p.name AS personName`;

const LABELS = ["Person", "Org", "Place", "Skill", "Topic", "Project", "Event"];

/** Links the analysis to graph nodes the caller may read: two index-backed queries. */
export async function linkEntities(deps: Pick<ToolDeps, "driver" | "database">, caller: Caller, analysis: ConversationAnalysis): Promise<EntityLinks> {
  const params = visibilityParams(caller);
  const lucene = analysis.words.map((w) => escapeLucene(w)).join(" ");
  const authors = analysis.authors.map((a, index) => ({ index, id: a.id, name: a.name }));
  const withId = authors.filter((a) => a.id !== null && a.id !== undefined);
  const withoutId = authors.filter((a) => a.id === null || a.id === undefined);
  const [entityRows, byIdRows, byNameRows] = await Promise.all([
    lucene ? readQuery(deps, ENTITIES, { ...params, lucene, grams: analysis.grams, labels: LABELS }) : Promise.resolve([]),
    withId.length ? readQuery(deps, AUTHORS_BY_ID, { ...params, authors: withId }) : Promise.resolve([]),
    withoutId.length ? readQuery(deps, AUTHORS_BY_NAME, { ...params, authors: withoutId }) : Promise.resolve([]),
  ]);
  const byIndex = new Map([...byIdRows, ...byNameRows].map((r) => [Number(r.index), r]));
  return {
    entities: entityRows.filter((r) => r.label).map((r) => ({ label: r.label, id: r.id, name: r.name, matched: r.matched }) as LinkedEntity),
    authors: analysis.authors.map((a, i) => ({
      ...a,
      personId: (byIndex.get(i)?.personId as string | null) ?? null,
      personName: (byIndex.get(i)?.personName as string | null) ?? null,
    })),
  };
}
