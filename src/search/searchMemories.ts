import type { SchemaFacts } from "../core/schemaFacts.js";
import type { Driver } from "neo4j-driver";
import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import type { Embedder } from "../core/embedder.js";
import { BadUserInputError } from "../errors/errors.js";
import { factList } from "./factList.js";
import { luceneAnyWord } from "../graph/luceneEscape.js";
import { candidatePool, listDepth } from "./ranking/candidatePool.js";
import { wordCount } from "./ranking/lengthPrior.js";
import { mentionsParticipant } from "./ranking/mentions.js";
import { inPeriod, queryPeriod, type QueryPeriod } from "./ranking/queryPeriod.js";
import { rankOptionsFor, fuseLists, rankCandidates, type CandidateFacts, type ScoreParts } from "./ranking/rankCandidates.js";
import type { SearchRequest } from "./searchInput.js";
import { keyHops, seedKeys, sharedKeyList, type KeyedTurn } from "./ranking/sharedKeys.js";
import { textKeys } from "../embeddings/textKeys.js";
import { fulltextHits, keyHolders, neighbours, rowsByIds, vectorHits, type CandidateRow, type HitProperties } from "./searchQueries.js";
import { SEARCH_SOURCES, type SearchSourceSpec } from "./searchSources.js";

export interface SearchDeps {
  driver: Driver;
  database: string;
  embedder: Embedder;
  now: () => Date;
  /** Facts are a search source: their relationship types come from the SDL. */
  schema: Pick<SchemaFacts, "factTypes">;
  /** Also fuse the turns sharing the query's keys and hop along rare ones (SEARCH_SHARED_KEYS); off when absent. */
  sharedKeys?: boolean;
}

export interface SearchHitResult {
  source: "MEMORY" | "MESSAGE" | "FACT";
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
 * Hybrid search: full text and vectors retrieve candidates (in parallel, per
 * source), reciprocal-rank fusion merges them, the best hits bring their
 * conversation neighbours and people, and the pure ranking weighs and
 * diversifies the lot. Only what the caller may read is ever retrieved.
 */
export async function searchMemories(deps: SearchDeps, caller: Caller, request: SearchRequest): Promise<SearchResult> {
  const started = performance.now();
  const target = { driver: deps.driver, database: deps.database };
  const params = { ...visibilityParams(caller), ...request.filters };
  const perList = listDepth(request.limit);
  const options = { ...rankOptionsFor(deps.sharedKeys === true), lambda: 1 - request.diversity, limit: request.limit, now: deps.now() };
  const specs = request.sources.filter((s) => s !== "FACT").map((s) => SEARCH_SOURCES[s]);
  const lucene = luceneAnyWord(request.query);

  const vectorPromise = request.vector ? Promise.resolve(request.vector) : deps.embedder.embedQueries([request.query]).then((v) => v[0]!);
  const agentsChecked = request.filters.agentIds ? requireAgents(target, caller, request.filters.agentIds) : Promise.resolve();
  agentsChecked.catch(() => {}); // awaited below, after retrieval; this only keeps it from counting as unhandled meanwhile
  const withVectors = request.diversity > 0;
  const queryKeys = options.keyWeight > 0 ? textKeys(request.query) : [];
  const [fulltext, vector, facts, holders] = await Promise.all([
    Promise.all(specs.map((spec) => fulltextHits(target, spec, lucene, params, perList, withVectors))),
    Promise.all(specs.map(async (spec) => vectorHits(target, spec, await vectorPromise, params, perList, withVectors, options.contextWeight))),
    request.sources.includes("FACT")
      ? vectorPromise.then((v) => factList(target, caller, deps.schema.factTypes, v, perList, request.filters.minConfidence, deps.now()))
      : Promise.resolve({ hits: [], rows: [] }),
    queryKeys.length > 0 ? Promise.all(specs.map((spec) => keyHolders(target, spec, queryKeys, params))) : Promise.resolve([]),
  ]);
  await agentsChecked;
  const fulltextFlat = fulltext.flatMap((l) => l.hits);
  const vectorFlat = [...vector, facts].flatMap((l) => l.hits);
  const keysFlat = holders.flatMap((h) => sharedKeyList(queryKeys, h, perList));
  const fused = fuseLists(fulltextFlat, vectorFlat, options, keysFlat);
  const listRows = new Map([...fulltext, ...vector, facts].flatMap((l) => l.rows).map((r) => [r.key, r]));

  // Graph expansion around the best hits that have neighbours (a conversation, people), the
  // neighbours coming back as rows, and the hop along the best hits' rare keys. A turn only the
  // shared-key list found has no row yet: it counts as expandable (the neighbour read finds none if it has none).
  const keysOf = new Map(holders.flat().map((h) => [h.id, h.keys]));
  const { pool, seeds } = candidatePool(fused, request.limit, options.expansionSeeds, (key) => listRows.get(key)?.expandable ?? keysOf.has(key));
  const expandable = request.expand && seeds.length > 0;
  const [expansion, hops] = await Promise.all([
    expandable ? Promise.all(specs.map((spec) => neighbours(target, spec, idsOf(spec, seeds), params, options.neighbourWindow, withVectors))).then((l) => l.flat()) : [],
    expandable && options.keyHopShare > 0 ? keyHop(target, specs, seeds.flatMap((key) => keyedRow(key, listRows.get(key), keysOf)), params, options.keyHopMaxDf) : [],
  ]);
  // Pool members only the key list found, and turns the hop reached, come without rows: one read brings them.
  const wanted = [...new Set([...pool, ...hops.map((h) => h.id)])];
  const known = new Set([...listRows.keys(), ...expansion.map((n) => n.row.key)]);
  const missing = wanted.filter((key) => !known.has(key));
  const extra = missing.length > 0 ? (await Promise.all(specs.map((spec) => rowsByIds(target, spec, idsOf(spec, missing), params, withVectors)))).flat() : [];
  const rows = wanted.flatMap((key) => listRows.get(key) ?? []);
  rows.push(...expansion.map((n) => n.row), ...extra);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const links = [...expansion.map(({ id, of }) => ({ id, of })), ...hops.map((h) => ({ ...h, share: options.keyHopShare }))];

  const period = queryPeriod(request.query, options.now);
  const ranked = rankCandidates(
    { fulltext: fulltextFlat.filter((h) => byKey.has(h.id)), vector: vectorFlat.filter((h) => byKey.has(h.id)), keys: keysFlat.filter((h) => byKey.has(h.id)) },
    links,
    new Map(rows.map((r) => [r.key, factsOf(r, request.query, period, options.periodSlackDays)])),
    options,
  );
  return {
    hits: ranked.map(({ id, score, parts }) => {
      const row = byKey.get(id)!;
      return { source: id.slice(0, id.indexOf(":")) as SearchHitResult["source"], id: row.id, score, occurredAt: row.occurredAt, properties: row.properties, parts };
    }),
    tookMs: performance.now() - started,
  };
}

/** A seed's stored keys (embeddings/textKeys.ts), from its row or from the key read; none when it has none. */
function keyedRow(key: string, row: CandidateRow | undefined, keysOf: ReadonlyMap<string, string[]>): KeyedTurn[] {
  const keys = row && Array.isArray(row.properties.keys) ? (row.properties.keys as string[]) : keysOf.get(key);
  return keys ? [{ id: key, keys }] : [];
}

/**
 * The second hop (ranking/sharedKeys.ts): the turns that hold a rare key of
 * one of the seeds, linked to that seed. One read per source for the holders
 * of the seeds' keys.
 */
async function keyHop(
  target: { driver: Driver; database: string },
  specs: readonly SearchSourceSpec[],
  seeds: readonly KeyedTurn[],
  params: Record<string, unknown> & SearchRequest["filters"],
  maxDf: number,
): Promise<{ id: string; of: string }[]> {
  const keys = seedKeys(seeds);
  if (keys.length === 0) return [];
  const holders = (await Promise.all(specs.map((spec) => keyHolders(target, spec, keys, params)))).flat();
  return keyHops(seeds, holders, maxDf);
}

/** Naming an agent the tenant does not have is a mistake worth saying, not an empty answer. */
async function requireAgents(target: { driver: Driver; database: string }, caller: Caller, agentIds: string[]): Promise<void> {
  const { records } = await target.driver.executeQuery(
    "UNWIND $ids AS id OPTIONAL MATCH (a:Agent {tenantId: $tenant, id: id}) WITH id, a WHERE a IS NULL RETURN collect(id) AS missing",
    { ids: agentIds, tenant: caller.tenantId },
    { database: target.database, routing: "READ" },
  );
  const missing = records[0]?.get("missing") as string[] | undefined;
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

function factsOf(row: CandidateRow, query: string, period: QueryPeriod | null, slackDays: number): CandidateFacts {
  const p = row.properties;
  const people = Array.isArray(p.participants) ? (p.participants as string[]) : typeof p.authorName === "string" ? [p.authorName] : [];
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
