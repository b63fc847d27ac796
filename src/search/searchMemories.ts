import type { SchemaFacts } from "../core/schemaFacts.js";
import { executor, type GraphTarget } from "../graph/executor.js";
import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import type { Embedder } from "../core/embedder.js";
import { BadUserInputError } from "../errors/errors.js";
import { factList } from "./factList.js";
import { luceneAnyWord } from "../graph/luceneEscape.js";
import { candidatePool, listDepth } from "./ranking/candidatePool.js";
import { wordCount } from "../embeddings/wordCount.js";
import { mentionsParticipant } from "./ranking/mentions.js";
import { mayNamePeople, turnQueryText } from "./ranking/queryNames.js";
import { inPeriod, queryPeriod, type QueryPeriod } from "./ranking/queryPeriod.js";
import { rankOptionsFor, fuseLists, rankCandidates, type CandidateFacts, type ScoreParts } from "./ranking/rankCandidates.js";
import type { SearchRequest } from "./searchInput.js";
import { textKeys } from "../embeddings/textKeys.js";
import { neighbours, otherKindVectorHits, recallFulltextHits, sharedKeyHits, standingHits, vectorHits, type CandidateRow, type HitProperties, type ListResult } from "./searchQueries.js";
import { SEARCH_SOURCES, type SearchSourceSpec } from "./searchSources.js";
import { NODE_KINDS, OTHER_KINDS, kindsUnder, type SearchKind } from "./recallKinds.js";
import { mergeByScore } from "./ranking/mergeByScore.js";

export interface SearchDeps extends GraphTarget {
  embedder: Embedder;
  now: () => Date;
  /** Facts are a search source: their relationship types come from the SDL. */
  schema: Pick<SchemaFacts, "factTypes">;
  /** Also fuse the turns sharing the query's keys (SEARCH_SHARED_KEYS, on by default); off when absent. */
  sharedKeys?: boolean;
}

export interface SearchHitResult {
  /** The kind of node (or FACT, a relationship) the hit is. */
  kind: SearchKind;
  id: string;
  score: number;
  occurredAt: string | null;
  properties: HitProperties;
  parts: ScoreParts;
}

export interface SearchResult {
  hits: SearchHitResult[];
  tookMs: number;
}

/**
 * Hybrid search over every kind the write doors store (search/recallKinds.ts):
 * full text, vectors and shared keys retrieve candidates in parallel, each
 * retriever as one list over all kinds (one full-text index; the vector
 * indexes' cosines merged by score), reciprocal-rank fusion merges the
 * lists, the best hits bring their conversation neighbours and people, and
 * the pure ranking weighs and diversifies the lot. Only what the caller may
 * read is ever retrieved.
 */
export async function searchMemories(deps: SearchDeps, caller: Caller, request: SearchRequest): Promise<SearchResult> {
  const started = performance.now();
  const target = { driver: deps.driver, database: deps.database };
  const params = { ...visibilityParams(caller), ...request.filters };
  const perList = listDepth(request.limit);
  const options = { ...rankOptionsFor(deps.sharedKeys === true), lambda: 1 - request.diversity, limit: request.limit, now: deps.now() };
  const kinds = new Set(kindsUnder(request.kinds, request.filters));
  const specs = (["MEMORY", "MESSAGE"] as const).filter((k) => kinds.has(k)).map((k) => SEARCH_SOURCES[k]);
  const nodeKinds = NODE_KINDS.filter((k) => kinds.has(k));
  const otherKinds = OTHER_KINDS.filter((k) => kinds.has(k));
  const lucene = luceneAnyWord(request.query);

  const vectorPromise = request.vector ? Promise.resolve(request.vector) : deps.embedder.embedQueries([request.query]).then((v) => v[0]!);
  const agentsChecked = request.filters.agentIds ? requireAgents(target, caller, request.filters.agentIds) : Promise.resolve();
  agentsChecked.catch(() => {}); // awaited below, after retrieval; this only keeps it from counting as unhandled meanwhile
  const withVectors = request.diversity > 0;
  const fulltextPromise = recallFulltextHits(target, nodeKinds, lucene, params, perList, withVectors);
  // The query's keys are parsed (about 1.5 ms) once the full-text read is on its way.
  const queryKeys = options.keyWeight > 0 ? textKeys(request.query) : [];
  // Conversational turns are asked by meaning without the people the query names (queryNames.ts): who they are is
  // learnt from the rows its words found, so only a query that may name someone waits for them.
  const turnVectorPromise =
    request.vector || specs.length === 0 || !mayNamePeople(request.query)
      ? vectorPromise
      : fulltextPromise.then(({ rows }) => {
          const text = turnQueryText(request.query, rows.flatMap(peopleOf));
          return text === request.query ? vectorPromise : deps.embedder.embedQueries([text]).then((v) => v[0]!);
        });
  const [fulltext, vector, others, facts, keyLists, standingLists] = await Promise.all([
    fulltextPromise,
    Promise.all(specs.map(async (spec) => vectorHits(target, spec, await turnVectorPromise, params, perList, withVectors, options))),
    otherKinds.length > 0 ? vectorPromise.then((v) => otherKindVectorHits(target, otherKinds, v, params, perList, withVectors, options.passageShare)) : Promise.resolve(EMPTY),
    kinds.has("FACT")
      ? vectorPromise.then((v) => factList(target, caller, deps.schema.factTypes, v, perList, request.filters.minConfidence, deps.now()))
      : Promise.resolve(EMPTY),
    queryKeys.length > 0 ? Promise.all(specs.map((spec) => sharedKeyHits(target, spec, queryKeys, params, perList, withVectors))) : Promise.resolve([]),
    options.standingWeight > 0
      ? turnVectorPromise.then((v) => Promise.all(specs.map((spec) => standingHits(target, spec, v, params, { depth: options.standingDepth, floor: options.standingFloor, withVectors }))))
      : Promise.resolve([]),
  ]);
  await agentsChecked;
  // One list per retriever, whatever the kinds: the vector indexes' scores are all Neo4j's cosine score, (1 + cos) / 2,
  // which a fact's plain cosine is turned into; the shared-key scores are the same rarity sums.
  const fulltextFlat = fulltext.hits;
  const factHits = facts.hits.map((h) => ({ ...h, score: (1 + h.score) / 2 }));
  const vectorFlat = mergeByScore([...vector.map((l) => l.hits), others.hits, factHits], perList);
  const keysFlat = mergeByScore(keyLists.map((l) => l.hits), perList);
  const standingFlat = mergeByScore(standingLists.map((l) => l.hits), options.standingDepth);
  const fused = fuseLists({ fulltext: fulltextFlat, vector: vectorFlat, keys: keysFlat, standing: standingFlat }, options);
  const listRows = new Map([fulltext, ...vector, others, facts, ...keyLists, ...standingLists].flatMap((l) => l.rows).map((r) => [r.key, r]));

  // Graph expansion around the best hits that have neighbours (a conversation, people), the
  // neighbours coming back as rows: every list and the neighbour read bring their rows, so nothing is read a third time.
  const { pool, seeds } = candidatePool(fused, request.limit, options.expansionSeeds, (key) => listRows.get(key)?.expandable === true);
  const expandable = request.expand && seeds.length > 0;
  const expansion = expandable
    ? (await Promise.all(specs.map((spec) => neighbours(target, spec, idsOf(spec, seeds), params, options.neighbourWindow, withVectors)))).flat()
    : [];
  const rows = [...pool.flatMap((key) => listRows.get(key) ?? []), ...expansion.map((n) => n.row)];
  const byKey = new Map(rows.map((r) => [r.key, r]));

  const period = queryPeriod(request.query, options.now);
  const ranked = rankCandidates(
    {
      fulltext: fulltextFlat.filter((h) => byKey.has(h.id)),
      vector: vectorFlat.filter((h) => byKey.has(h.id)),
      keys: keysFlat.filter((h) => byKey.has(h.id)),
      standing: standingFlat.filter((h) => byKey.has(h.id)),
    },
    expansion,
    new Map(rows.map((r) => [r.key, factsOf(r, request.query, period, options.periodSlackDays)])),
    options,
  );
  return {
    hits: ranked.map(({ id, score, parts }) => {
      const row = byKey.get(id)!;
      return { kind: id.slice(0, id.indexOf(":")) as SearchKind, id: row.id, score, occurredAt: row.occurredAt, properties: row.properties, parts };
    }),
    tookMs: performance.now() - started,
  };
}

const EMPTY: ListResult = { hits: [], rows: [] };

/** Naming an agent the tenant does not have is a mistake worth saying, not an empty answer. */
async function requireAgents(target: GraphTarget, caller: Caller, agentIds: string[]): Promise<void> {
  const [missing] = await executor(target).read({
    cypher: "UNWIND $ids AS id OPTIONAL MATCH (a:Agent {tenantId: $tenant, id: id}) WITH id, a WHERE a IS NULL RETURN collect(id) AS missing",
    params: { ids: agentIds, tenant: caller.tenantId },
    decode: (row) => row.strings("missing"),
  });
  if (missing?.length) {
    throw new BadUserInputError(`searchMemories.input.agentIds: no agent ${missing.map((m) => `"${m}"`).join(", ")} in this tenant`, "searchMemories.input.agentIds");
  }
}

/** The node ids of one source among ranking keys (`MEMORY:<id>`). */
function idsOf(spec: SearchSourceSpec, keys: readonly string[]): string[] {
  const prefix = `${spec.kind}:`;
  return keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
}

/**
 * The length prior is for conversational turns (messages, INTERACTION memories),
 * where "Thanks!" is noise; a short observation, insight or fact ("Dana WORKS_AT
 * Globex") is short by nature and keeps its score.
 */
const isTurn = (row: CandidateRow) => row.key.startsWith("MESSAGE:") || (row.key.startsWith("MEMORY:") && row.properties.type === "INTERACTION");

/** Who a row involves: a memory's participants, a message's author. */
function peopleOf(row: CandidateRow): string[] {
  const p = row.properties;
  return p.participants ?? (p.authorName ? [p.authorName] : []);
}

function factsOf(row: CandidateRow, query: string, period: QueryPeriod | null, slackDays: number): CandidateFacts {
  const p = row.properties;
  const people = peopleOf(row);
  const occurredAt = row.occurredAt ? new Date(row.occurredAt) : null;
  return {
    id: row.key,
    occurredAt,
    inPeriod: inPeriod(occurredAt, period, slackDays),
    importance: typeof p.importance === "number" ? p.importance : null,
    confidence: typeof p.confidence === "number" ? p.confidence : null,
    vector: row.vector,
    mentioned: mentionsParticipant(query, people),
    words: isTurn(row) ? wordCount(p.content) : null,
  };
}
