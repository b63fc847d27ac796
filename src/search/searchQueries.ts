import { VISIBLE_TO_CALLER } from "../auth/policy.js";
import type { ListHit } from "./ranking/rankCandidates.js";
import type { ClosenessOptions } from "./ranking/candidatePool.js";
import { ANY_KIND_FILTER, OTHER_KIND_FILTER, type SearchFilterParams, type SearchSourceSpec } from "./searchSources.js";
import { RECALL_INDEX, RECALL_KINDS, kindOfLabel, type NodeKind } from "./recallKinds.js";
import { vectorIndexName } from "../embeddings/embeddedTypes.js";
import { PASSAGE_INDEX, PASSAGE_LABEL, PASSAGE_OF, passageCosines } from "../embeddings/passageGraph.js";
import type { MemoryType } from "../generated/resolvers-types.js";
import { MEMORY_TYPES } from "../core/storedEnums.js";
import type { FactRecord } from "../facts/index.js";
import { luceneAnyWord } from "../graph/luceneEscape.js";
import { MAX_SEARCH_TERMS, searchTerms } from "../embeddings/keyTerms.js";
import { cypherInt } from "../graph/readQuery.js";
import { executor, type GraphTarget } from "../graph/executor.js";
import type { Row } from "../graph/statement.js";

/**
 * The stored properties a hit's answer reads: a Memory's, a Message's, a
 * knowledge node's or a game turn's, read field by field (hitPropertiesOf),
 * or a fact's projection (factList.ts). Unset reads as null.
 */
export interface HitProperties {
  content?: string | null;
  ownerId?: string | null;
  /** A Memory's type. */
  type?: MemoryType | null;
  importance?: number | null;
  confidence?: number | null;
  tags?: string[] | null;
  participants?: string[] | null;
  conversationId?: string | null;
  channelId?: string | null;
  /** A game turn's session. */
  sessionId?: string | null;
  source?: string | null;
  authorId?: string | null;
  authorName?: string | null;
  evidence?: string[] | null;
  factType?: string | null;
  personId?: string | null;
  /** A fact hit's whole record (FactRecord of the API). */
  fact?: FactRecord | null;
}

const stringsOrNull = (p: Row, key: string) => (p.value(key) === null || p.value(key) === undefined ? null : p.strings(key));

/**
 * A hit's projected properties (`properties`), each field read with Row's
 * checks: a stored value of another shape than the SDL's is a RowShapeError
 * naming the field. `content` is the first of the kind's shown fields that is set.
 */
function hitPropertiesOf(r: Row, kind: NodeKind, channelId: string | null): HitProperties {
  const p = r.row("properties");
  const content = RECALL_KINDS[kind].shown.map((field) => p.stringOrNull(field)).find((v) => v !== null && v.length > 0) ?? null;
  return {
    content,
    ownerId: p.stringOrNull("ownerId"),
    type: kind === "MEMORY" ? p.oneOfOrNull("type", MEMORY_TYPES) : null,
    importance: p.numberOrNull("importance"),
    confidence: p.numberOrNull("confidence"),
    tags: stringsOrNull(p, "tags"),
    participants: stringsOrNull(p, "participants"),
    conversationId: p.stringOrNull("conversationId"),
    channelId,
    sessionId: p.stringOrNull("sessionId"),
    source: p.stringOrNull("source"),
    authorId: p.stringOrNull("authorId"),
    authorName: p.stringOrNull("authorName"),
  };
}

/** Parameters every search query reads: the caller's visibility and the filters. */
export type SearchParams = SearchFilterParams & Record<string, unknown>;

/** Everything a hit needs for ranking and for its answer, read in one query. */
export interface CandidateRow {
  key: string;
  id: string;
  properties: HitProperties;
  occurredAt: string | null;
  vector: number[] | null;
  /** It has neighbours to expand to: a conversation, or people it is about. */
  expandable: boolean;
}

type QueryTarget = GraphTarget;

/**
 * One read of the search's, as the executor's auto-commit `read` (RUN and
 * PULL in one round trip, where a managed transaction adds BEGIN and COMMIT:
 * search is on the hot path), without the shared bookmarks, as search has
 * always read.
 */
const read = <R>(target: QueryTarget, cypher: string, params: Record<string, unknown>, decode: (row: Row) => R) =>
  executor(target).read({ cypher, params, decode }, { bookmarks: false });

/** What a candidate row is made of, as Cypher over `n` (shared by every list and the neighbour read); vectors, search keys and their terms stay in Neo4j. */
const rowProjection = (spec: SearchSourceSpec) =>
  `n.id AS id, n { .*, embedding: null, contextEmbedding: null, standingEmbedding: null, keys: null, keyTerms: null } AS properties, toString(${spec.occurredAt("n")}) AS occurredAt,
   CASE WHEN $withVectors THEN n.embedding ELSE null END AS vector,
   ${spec.label === "Message" ? "head([(n)-[:IN_CHANNEL]->(c:Channel) | c.id])" : "null"} AS channelId,
   ${spec.conversation("n")} IS NOT NULL ${spec.label === "Memory" ? "OR EXISTS { (n)-[:ABOUT]->(:Person) }" : ""} AS expandable`;

function toRow(spec: SearchSourceSpec, r: Row): CandidateRow {
  const id = r.string("id");
  return {
    key: `${spec.kind}:${id}`,
    id,
    properties: hitPropertiesOf(r, spec.kind, r.stringOrNull("channelId")),
    occurredAt: r.stringOrNull("occurredAt"),
    vector: r.numbersOrNull("vector"),
    expandable: r.boolean("expandable"),
  };
}

/**
 * A row of any recalled kind, as Cypher over `n` (the twin of rowProjection
 * for a statement that reads several kinds): `$recallLabels` names the
 * labels a kind is read from.
 */
const ANY_KIND_PROJECTION = `n.id AS id, n { .*, embedding: null, contextEmbedding: null, standingEmbedding: null, keys: null, keyTerms: null } AS properties,
   head([l IN labels(n) WHERE l IN $recallLabels]) AS label,
   toString(coalesce(n.occurredAt, n.timestamp, n.createdAt)) AS occurredAt,
   CASE WHEN $withVectors THEN n.embedding ELSE null END AS vector,
   CASE WHEN n:Message THEN head([(n)-[:IN_CHANNEL]->(c:Channel) | c.id]) END AS channelId,
   CASE WHEN n:Memory THEN n.conversationId IS NOT NULL OR EXISTS { (n)-[:ABOUT]->(:Person) }
        WHEN n:Message THEN EXISTS { (n)-[:IN_CHANNEL]->(:Channel) }
        ELSE false END AS expandable`;

/** A row read by ANY_KIND_PROJECTION: its kind from its label, its shown text as `content`. */
function toAnyRow(r: Row): CandidateRow {
  const kind = kindOfLabel(r.string("label"));
  if (!kind) throw new Error(`A recalled node's label is not a recalled kind: ${r.string("label")}`);
  const id = r.string("id");
  return {
    key: `${kind}:${id}`,
    id,
    properties: hitPropertiesOf(r, kind, r.stringOrNull("channelId")),
    occurredAt: r.stringOrNull("occurredAt"),
    vector: r.numbersOrNull("vector"),
    expandable: r.boolean("expandable"),
  };
}

/** A scored row of a list: its score beside it. */
interface ScoredRow {
  score: number;
  row: CandidateRow;
}

const scoredAnyRow = (r: Row): ScoredRow => ({ score: r.number("score"), row: toAnyRow(r) });
const scoredRow = (spec: SearchSourceSpec) => (r: Row): ScoredRow => ({ score: r.number("score"), row: toRow(spec, r) });

function listOf(scored: ScoredRow[]): ListResult {
  return { hits: scored.map(({ row, score }, i) => ({ id: row.key, rank: i + 1, score })), rows: scored.map((s) => s.row) };
}

const labelsOf = (kinds: readonly NodeKind[]) => kinds.map((k) => RECALL_KINDS[k].label);

/**
 * BM25 hits of every kind asked for, from the one index over all of them
 * (RECALL_INDEX), that pass the visibility rule and each kind's filters,
 * best first: one list whose scores compare across kinds.
 */
export async function recallFulltextHits(
  target: QueryTarget,
  kinds: readonly NodeKind[],
  lucene: string,
  params: SearchParams,
  limit: number,
  withVectors: boolean,
): Promise<ListResult> {
  if (!lucene || kinds.length === 0) return { hits: [], rows: [] };
  const records = await read(
    target,
    `CALL db.index.fulltext.queryNodes($index, $lucene) YIELD node AS n, score
     WHERE ${VISIBLE_TO_CALLER} AND any(l IN labels(n) WHERE l IN $recallLabels) AND ${ANY_KIND_FILTER}
     WITH n, score LIMIT $limit
     RETURN score, ${ANY_KIND_PROJECTION}`,
    { ...params, index: RECALL_INDEX, recallLabels: labelsOf(kinds), lucene, limit: cypherInt(limit), withVectors },
    scoredAnyRow,
  );
  return listOf(records);
}

/**
 * Nearest neighbours by cosine among the embedded kinds that are neither
 * memories nor messages (beliefs, insights, research…), in one statement.
 * Scoped to some agents, their nodes are scored exactly (through the owner
 * indexes: an agent holds few of them), else the kinds' vector indexes are
 * asked, as vectorHits does. Scores are Neo4j's cosine scores, as the other
 * vector lists', so the lists merge by score.
 */
export async function otherKindVectorHits(
  target: QueryTarget,
  kinds: readonly NodeKind[],
  vector: number[],
  params: SearchParams,
  limit: number,
  withVectors: boolean,
  passageShare = 1,
): Promise<ListResult> {
  const embedded = kinds.filter((k) => RECALL_KINDS[k].embedded);
  if (embedded.length === 0) return { hits: [], rows: [] };
  const candidates = params.agentIds
    ? `CALL () {
         ${labelsOf(embedded)
           .map((label) => `MATCH (n:${label}) WHERE n.tenantId = $callerTenant AND n.ownerId IN $agentIds AND n.embedding IS NOT NULL RETURN n`)
           .join("\n         UNION ALL\n         ")}
       }
       WITH n, vector.similarity.cosine(n.embedding, $vector) AS mixed
       WITH n, ${towardPassages("mixed")} AS score`
    : `CALL () {
         UNWIND $indexes AS idx
         CALL db.index.vector.queryNodes(idx, $k, $vector) YIELD node RETURN node
         UNION
         ${passageParents("any(l IN labels(node) WHERE l IN $recallLabels)")}
       }
       WITH node AS n, vector.similarity.cosine(node.embedding, $vector) AS mixed
       WITH n, ${towardPassages("mixed")} AS score`;
  const records = await read(
    target,
    `${candidates}
     WITH n, score WHERE ${VISIBLE_TO_CALLER} AND ${OTHER_KIND_FILTER}
     ORDER BY score DESC LIMIT $limit
     RETURN score, ${ANY_KIND_PROJECTION}`,
    {
      ...params,
      vector,
      indexes: labelsOf(embedded).map(vectorIndexName),
      passageIndex: PASSAGE_INDEX,
      passageShare,
      k: cypherInt(Math.min(1000, Math.max(50, limit * 2))),
      recallLabels: labelsOf(embedded),
      limit: cypherInt(limit),
      withVectors,
    },
    scoredAnyRow,
  );
  return listOf(records);
}

/** A retriever's list: ranked hits, and the rows of those hits (so no second read is needed). */
export interface ListResult {
  hits: ListHit[];
  rows: CandidateRow[];
}


/**
 * A node's closeness to the query vector: its own cosine and its contextual
 * cosine (embedded with the turn before it), when it has one, mixed by
 * `$contextWeight` (the pure twin is `closenessOf` in ranking/candidatePool.ts).
 * Measured on the LoCoMo development set (docs/benchmarks.md): replies that
 * only make sense after the question they answer are found by the pair.
 */
function closeness(spec: SearchSourceSpec): string {
  const own = "vector.similarity.cosine(n.embedding, $vector)";
  // After a long turn the contextual vector holds only its end: `n.priorWords` (the embedding worker's) picks the weight.
  const weight = "CASE WHEN n.priorWords > $afterLongWords THEN $afterLongContextWeight ELSE $contextWeight END";
  return spec.contextVectorIndex
    ? `((1.0 - ${weight}) * ${own} + ${weight} * coalesce(vector.similarity.cosine(n.contextEmbedding, $vector), ${own}))`
    : own;
}

/**
 * The score of node `n` whose closeness is bound as `mixed`, moved
 * `$passageShare` of the way to its closest passage's cosine when that is
 * higher (a text too long for the model: embeddings/passageGraph.ts).
 */
const towardPassages = (mixed: string, n = "n") =>
  `${mixed} + $passageShare * (reduce(best = ${mixed}, s IN ${passageCosines(n)} | CASE WHEN s > best THEN s ELSE best END) - ${mixed})`;

/** The nodes (as `node`) whose passages are nearest the query, through the one passage index, that pass `where`. */
const passageParents = (where: string) =>
  `CALL db.index.vector.queryNodes($passageIndex, $k, $vector) YIELD node AS passage
         MATCH (passage:${PASSAGE_LABEL})-[:${PASSAGE_OF}]->(node) WHERE ${where}
         RETURN node`;

/**
 * The standing instructions the caller may read (embeddings/standingInstruction.ts:
 * "Always include version numbers when I ask about libraries"), the closest
 * `depth` by the cosine of the question with when each applies (the worker's
 * `standingEmbedding`: "ask about software dependencies or libraries used"),
 * none below `floor`. They share little with the questions they govern, so
 * they come as a list of their own; the worker marks them (`n.standing`), and
 * an index on the tenant and the mark finds the few a tenant has.
 */
export async function standingHits(
  target: QueryTarget,
  spec: SearchSourceSpec,
  vector: number[],
  params: SearchParams,
  { depth, floor, withVectors }: { depth: number; floor: number; withVectors: boolean },
): Promise<ListResult> {
  const records = await read(
    target,
    `MATCH (n:${spec.label}) WHERE n.tenantId = $callerTenant AND n.standing = true AND n.standingEmbedding IS NOT NULL
       AND ${VISIBLE_TO_CALLER} AND ${spec.filter}
     WITH n, vector.similarity.cosine(n.standingEmbedding, $vector) * 2.0 - 1.0 AS score
     WHERE score >= $floor
     ORDER BY score DESC LIMIT $depth
     RETURN score, ${rowProjection(spec)}`,
    { ...params, vector, depth: cypherInt(depth), floor, withVectors },
    scoredRow(spec),
  );
  return listOf(records);
}

/**
 * Nearest neighbours by cosine that pass the filters. The vector indexes are
 * shared by every agent and tenant, so their top k may be mostly other
 * people's nodes: when too few survive the filters and the search is scoped
 * to some agents, the scoped nodes are scored exactly instead (the owner
 * index keeps that scan to the agents' own nodes).
 */
export async function vectorHits(
  target: QueryTarget,
  spec: SearchSourceSpec,
  vector: number[],
  params: SearchParams,
  limit: number,
  withVectors: boolean,
  { contextWeight, afterLongContextWeight, afterLongWords, passageShare }: ClosenessOptions,
): Promise<ListResult> {
  const mix = { contextWeight, afterLongContextWeight, afterLongWords, passageShare };
  const fetch = Math.min(1000, Math.max(50, limit * 2));
  const candidates = `CALL () {
         CALL db.index.vector.queryNodes($index, $k, $vector) YIELD node RETURN node
         ${spec.contextVectorIndex ? "UNION\n         CALL db.index.vector.queryNodes($contextIndex, $k, $vector) YIELD node RETURN node" : ""}
         UNION
         ${passageParents(`node:${spec.label}`)}
       }
       WITH node AS n`;
  let records = await read(
    target,
    `${candidates}
     WHERE ${VISIBLE_TO_CALLER} AND ${spec.filter}
     WITH n, ${closeness(spec)} AS mixed
     WITH n, ${towardPassages("mixed")} AS score
     ORDER BY score DESC LIMIT $limit
     RETURN score, ${rowProjection(spec)}`,
    { ...params, index: spec.vectorIndex, contextIndex: spec.contextVectorIndex ?? null, passageIndex: PASSAGE_INDEX, k: cypherInt(fetch), vector, limit: cypherInt(limit), withVectors, ...mix },
    scoredRow(spec),
  );
  if (records.length < limit && params.agentIds) {
    records = await read(
      target,
      `MATCH (n:${spec.label}) WHERE n.tenantId = $callerTenant AND n.ownerId IN $agentIds AND n.embedding IS NOT NULL
         AND ${VISIBLE_TO_CALLER} AND ${spec.filter}
       WITH n, ${closeness(spec)} AS mixed
       WITH n, ${towardPassages("mixed")} AS score
       ORDER BY score DESC LIMIT $limit
       RETURN score, ${rowProjection(spec)}`,
      { ...params, vector, limit: cypherInt(limit), withVectors, ...mix },
      scoredRow(spec),
    );
  }
  return listOf(records);
}

/**
 * Graph expansion around the best hits: the `window` turns before and after
 * each in its conversation (by the indexed turn order), and memories about
 * the same people. Neighbours pass the same visibility and filters as hits
 * and come back as full rows, so no second read is needed.
 */
export async function neighbours(
  target: QueryTarget,
  spec: SearchSourceSpec,
  ids: string[],
  params: SearchParams,
  window: number,
  withVectors: boolean,
): Promise<{ id: string; of: string; row: CandidateRow }[]> {
  if (ids.length === 0) return [];
  return read(target, neighbourStatement(spec), { ...params, ids, window: cypherInt(window), withVectors }, (r) => {
    const row = toRow(spec, r);
    return { id: row.key, of: `${spec.kind}:${r.string("of")}`, row };
  });
}

/**
 * The expansion's statement for one source (its parameters: the visibility
 * ones, `ids`, `window`, `withVectors`). Each side of a hit reads the turns
 * of its conversation only (SearchSourceSpec.sameConversation: a memory
 * through memory_conversation_turns, a message through its channel), so its
 * cost does not grow with the owner's other conversations.
 */
export function neighbourStatement(spec: SearchSourceSpec): string {
  const about =
    spec.label === "Memory"
      ? `UNION
         MATCH (h)-[:ABOUT]->(:Person)<-[:ABOUT]-(n:Memory)
         WHERE n <> h AND ${VISIBLE_TO_CALLER} AND ${spec.filter}
         RETURN n LIMIT 3`
      : "";
  const order = spec.turnOrder;
  const side = (op: "<" | ">", direction: "DESC" | "ASC") => `
       ${spec.sameConversation}
         AND h.${order} IS NOT NULL AND n.${order} ${op} h.${order} AND ${VISIBLE_TO_CALLER} AND ${spec.filter}
       RETURN n ORDER BY n.${order} ${direction} LIMIT $window`;
  return `UNWIND $ids AS hid
     MATCH (h:${spec.label} {tenantId: $callerTenant, id: hid})
     CALL (h) {
       ${side("<", "DESC")}
       UNION
       ${side(">", "ASC")}
       ${about}
     }
     RETURN hid AS of, ${rowProjection(spec)}`;
}

/** At most this many turns are read as holding a set of keys (their key frequencies are counted among them). */
const KEY_HOLDERS_LIMIT = 2000;

/**
 * The shared-key list (ranking/sharedKeys.ts, `sharedKeyList`, its pure twin)
 * computed where the holders are: the nodes that pass the filters and hold
 * any of the query's `keys` (read under the search's scope, embeddings/
 * keyTerms.ts: the agents it names, else the caller's tenant, so a common key
 * does not bring back every tenant's holders), each scored by the summed
 * rarity ln(1 + holders / holders of the key) of the query keys it holds, the
 * best `depth` returned as rows. One statement in the first round trip,
 * beside the full-text and vector lists: no holder's keys cross the wire, and
 * the pool needs no second read for what only this list found. Scores are
 * compared at 1e-9, as the twin does, so a tie of equal key sets goes to the
 * earlier turn on both sides.
 */
export async function sharedKeyHits(
  target: QueryTarget,
  spec: SearchSourceSpec,
  keys: readonly string[],
  params: SearchParams,
  depth: number,
  withVectors: boolean,
): Promise<ListResult> {
  const lucene = luceneAnyWord(searchTerms(keys, params.callerTenant as string, params.agentIds).join(" "), MAX_SEARCH_TERMS);
  if (!lucene) return { hits: [], rows: [] };
  const records = await read(
    target,
    `CALL db.index.fulltext.queryNodes($index, $lucene) YIELD node AS n
     WHERE ${VISIBLE_TO_CALLER} AND ${spec.filter}
     WITH n LIMIT $holdersLimit
     WITH collect(n) AS holders
     WITH holders, toFloat(size(holders)) AS total
     UNWIND holders AS n
     UNWIND [k IN coalesce(n.keys, []) WHERE k IN $keys] AS k
     WITH total, k, collect(n) AS holding
     WITH holding, log(1.0 + total / size(holding)) AS rarity
     UNWIND holding AS n
     WITH n, sum(rarity) AS score
     ORDER BY round(score, 9) DESC, coalesce(${spec.occurredAt("n")}.epochMillis, 0) ASC
     LIMIT $depth
     RETURN score, ${rowProjection(spec)}`,
    { ...params, index: spec.keysIndex, lucene, keys, holdersLimit: cypherInt(KEY_HOLDERS_LIMIT), depth: cypherInt(depth), withVectors },
    scoredRow(spec),
  );
  return listOf(records);
}
