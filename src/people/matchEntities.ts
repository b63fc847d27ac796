import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import { escapeLucene } from "../graph/luceneEscape.js";
import { cypherInt } from "../graph/readQuery.js";
import { executor } from "../graph/executor.js";
import { onlyRow, type Row, type Statement } from "../graph/statement.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";
import { unitCosine } from "../embeddings/vectorMath.js";
import type { NameVectors } from "./nameVectors.js";

/** How a name was found: exactly (name or alias, any case), fuzzily (typo, prefix, part), by meaning, or not at all. */
export type MatchKind = "EXACT" | "FUZZY" | "SEMANTIC" | "NONE";

export interface EntityMatch {
  kind: MatchKind;
  /** Element ids of the matched nodes. */
  keys: string[];
  /** Cosine similarity of each semantic match, by key. */
  similarity: Map<string, number>;
}

/** Labels the tools match names of: a closed set, so the label can be written into the Cypher text. */
export type EntityLabel = "Org" | "Place" | "Skill" | "Topic" | "Project" | "Event" | "Person";

/** Names whose embedding is at least this close to the query count as the same thing ("machine learning" ≈ "ML"). */
export const NAME_SIMILARITY = 0.68;
/** Most candidate names compared by meaning in one query. */
const SEMANTIC_CANDIDATES = 2000;

/** A node `o` whose name, real name or an alias equals one of `$names` (lower-cased), any case. */
export const EXACT_NAME = `(toLower(o.name) IN $names OR toLower(coalesce(o.realName, '')) IN $names
         OR any(alias IN coalesce(o.aliases, []) WHERE toLower(alias) IN $names))`;

/** Every node of the label, compared one by one: for names the full-text index cannot look up (no letter or digit). */
const exactScan = (label: EntityLabel) => `
  MATCH (o:${label}) WHERE o.tenantId = $callerTenant AND ${visibleAs("o")} AND ${EXACT_NAME}
  WITH o LIMIT 100`;

/**
 * The full-text name index (the same analyzer on both sides) finds every node
 * whose name, real name or an alias contains a name as a phrase; the equality
 * test then keeps the exact ones. A node named N always contains the phrase
 * N, so nothing the scan would find is missed.
 */
const EXACT_INDEXED = `
  CALL db.index.fulltext.queryNodes('entity_names', $phrases) YIELD node AS o
  WHERE $label IN labels(o) AND o.tenantId = $callerTenant AND ${visibleAs("o")} AND ${EXACT_NAME}
  WITH o LIMIT 100`;

/** The exact stage as the head of a statement, yielding each node matched as `o`, and its parameters (caller's visibility added by the runner). */
function exactStage(label: EntityLabel, lower: readonly string[]): { cypher: string; params: Record<string, unknown> } {
  const phrases = exactPhrases(lower);
  return phrases ? { cypher: EXACT_INDEXED, params: { names: lower, phrases, label } } : { cypher: exactScan(label), params: { names: lower } };
}

/** Most names looked up in one full-text query (each is a clause; Lucene allows 1024). */
const MAX_PHRASES = 200;

/** The names as one full-text query of quoted phrases, escaped; null when a name has no word the index holds. Pure. */
export function exactPhrases(names: readonly string[]): string | null {
  if (names.length === 0 || names.length > MAX_PHRASES || names.some((n) => !/[\p{L}\p{N}]/u.test(n))) return null;
  return names.map((n) => `"${escapeLucene(n)}"`).join(" ");
}

const FUZZY = `
  CALL db.index.fulltext.queryNodes('entity_names', $lucene) YIELD node AS o, score
  WHERE $label IN labels(o) AND o.tenantId = $callerTenant AND ${visibleAs("o")}
  RETURN elementId(o) AS key, score ORDER BY score DESC LIMIT 20`;

const partial = (label: EntityLabel) => `
  MATCH (o:${label}) WHERE o.tenantId = $callerTenant AND ${visibleAs("o")}
    AND (toLower(o.name) CONTAINS $name OR any(alias IN coalesce(o.aliases, []) WHERE size(alias) > 2 AND toLower(alias) CONTAINS $name))
  RETURN elementId(o) AS key LIMIT 20`;

const NAMES = (label: EntityLabel) => `
  MATCH (o:${label}) WHERE o.tenantId = $callerTenant AND ${visibleAs("o")}
  RETURN elementId(o) AS key, o.name AS name ORDER BY o.createdAt DESC LIMIT $max`;

/**
 * A Lucene query for a name with typos and prefixes: every word must match,
 * as itself, as a prefix (3+ letters) or within one edit (5+ letters); escaped
 * and lower-cased (wildcard and fuzzy terms are not analysed). Pure.
 */
export function fuzzyLucene(name: string): string {
  const words = name.toLowerCase().split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).slice(0, 16);
  return words
    .map((w) => {
      const e = escapeLucene(w);
      return `+(${[e, ...(w.length >= 3 ? [`${e}*`] : []), ...(w.length >= 5 ? [`${e}~1`] : [])].join(" ")})`;
    })
    .join(" ");
}

/**
 * Finds the nodes of `label` a name means, trying in order: name, real name
 * or alias equal to any of `names` (case-insensitive); full-text with typos
 * and prefixes, or the name contained in a longer one; names close in meaning
 * (embeddings, NAME_SIMILARITY). The first stage that finds something wins;
 * `exactOnly` stops after the first; `skipExact` starts with the second (the
 * caller has run the first itself, see exactMatchAndRead).
 */
export async function matchEntities(
  deps: AppDeps,
  vectors: NameVectors,
  caller: Caller,
  label: EntityLabel,
  names: readonly string[],
  { exactOnly = false, skipExact = false }: { exactOnly?: boolean; skipExact?: boolean } = {},
): Promise<EntityMatch> {
  const graph = executor(deps);
  const params = visibilityParams(caller);
  const lower = lowerNames(names);
  const none = { similarity: new Map<string, number>() };
  if (!skipExact) {
    const exact = exactStage(label, lower);
    const exactKeys = await graph.read(keysOf(`${exact.cypher} RETURN elementId(o) AS key`, { ...params, ...exact.params }));
    if (exactKeys.length) return { kind: "EXACT", keys: exactKeys, ...none };
  }
  if (exactOnly || lower.length === 0) return { kind: "NONE", keys: [], ...none };

  const fuzzyKeys = new Set<string>();
  for (const name of lower) {
    const lucene = fuzzyLucene(name);
    if (lucene) for (const key of await graph.read(keysOf(FUZZY, { ...params, lucene, label }))) fuzzyKeys.add(key);
    if (name.length >= 3) for (const key of await graph.read(keysOf(partial(label), { ...params, name }))) fuzzyKeys.add(key);
  }
  if (fuzzyKeys.size) return { kind: "FUZZY", keys: [...fuzzyKeys], ...none };

  // A node without a name has nothing to compare.
  const candidates = (await graph.read({ cypher: NAMES(label), params: { ...params, max: cypherInt(SEMANTIC_CANDIDATES) }, decode: (row) => ({ key: row.string("key"), name: row.stringOrNull("name") }) })).filter(
    (c): c is { key: string; name: string } => c.name !== null,
  );
  if (!candidates.length) return { kind: "NONE", keys: [], ...none };
  const [query] = await deps.embedder.embedQueries([names[0]!]);
  const nameVectors = await vectors.get(candidates.map((c) => c.name));
  const similarity = new Map<string, number>();
  candidates.forEach((c, i) => {
    const s = unitCosine(query!, nameVectors[i]!);
    if (s >= NAME_SIMILARITY) similarity.set(c.key, s);
  });
  return similarity.size ? { kind: "SEMANTIC", keys: [...similarity.keys()], similarity } : { kind: "NONE", keys: [], ...none };
}

/** A statement whose rows are one element id each, `key`. */
const keysOf = (cypher: string, params: Record<string, unknown>): Statement<string> => ({ cypher, params, decode: (row) => row.string("key") });

const lowerNames = (names: readonly string[]) => [...new Set(names.map((n) => n.toLowerCase()))];

/**
 * matchEntities' exact stage and a read of what it matched, in one statement
 * (one round trip where the usual lookup takes two). `read.cypher` is the body
 * of a subquery given `nodes`, the list of matched nodes (possibly empty): it
 * must return exactly one row with one column, `result` (an aggregation
 * does), which `read.decode` reads from the statement's row. Its parameter names must not clash with the stage's (`names`,
 * `phrases`, `label` and the caller's visibility). With no exact match, `keys`
 * is empty: go on with matchEntities(…, { skipExact: true }).
 */
export async function exactMatchAndRead<R>(
  deps: AppDeps,
  caller: Caller,
  label: EntityLabel,
  names: readonly string[],
  read: { cypher: string; params: Record<string, unknown>; decode: (row: Row) => R },
): Promise<{ keys: string[]; result: R }> {
  const exact = exactStage(label, lowerNames(names));
  const cypher = `${exact.cypher}
  WITH collect(o) AS nodes
  CALL (nodes) {${read.cypher}
  }
  RETURN [n IN nodes | elementId(n)] AS keys, result`;
  const rows = await executor(deps).read({
    cypher,
    params: { ...visibilityParams(caller), ...exact.params, ...read.params },
    decode: (row) => ({ keys: row.strings("keys"), result: read.decode(row) }),
  });
  return onlyRow(rows);
}
