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

/** The authors as Person nodes: by id, else by name. */
const AUTHORS = `
  UNWIND $authors AS author
  OPTIONAL MATCH (p:Person) WHERE p.tenantId = $callerTenant AND ${visibleAs("p")}
    AND (p.id = author.id OR (author.id IS NULL AND toLower(p.name) = toLower(author.name)))
  WITH author, head(collect(p)) AS p
  RETURN author.index AS index, p.id AS personId, p.name AS personName`;

const LABELS = ["Person", "Org", "Place", "Skill", "Topic", "Project", "Event"];

/** Links the analysis to graph nodes the caller may read: two index-backed queries. */
export async function linkEntities(deps: Pick<ToolDeps, "driver" | "database">, caller: Caller, analysis: ConversationAnalysis): Promise<EntityLinks> {
  const params = visibilityParams(caller);
  const lucene = analysis.words.map((w) => escapeLucene(w)).join(" ");
  const [entityRows, authorRows] = await Promise.all([
    lucene ? readQuery(deps, ENTITIES, { ...params, lucene, grams: analysis.grams, labels: LABELS }) : Promise.resolve([]),
    analysis.authors.length
      ? readQuery(deps, AUTHORS, { ...params, authors: analysis.authors.map((a, index) => ({ index, id: a.id, name: a.name })) })
      : Promise.resolve([]),
  ]);
  const byIndex = new Map(authorRows.map((r) => [Number(r.index), r]));
  return {
    entities: entityRows.filter((r) => r.label).map((r) => ({ label: r.label, id: r.id, name: r.name, matched: r.matched }) as LinkedEntity),
    authors: analysis.authors.map((a, i) => ({
      ...a,
      personId: (byIndex.get(i)?.personId as string | null) ?? null,
      personName: (byIndex.get(i)?.personName as string | null) ?? null,
    })),
  };
}
