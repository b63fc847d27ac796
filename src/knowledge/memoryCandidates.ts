import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import { luceneAnyWord } from "../graph/luceneEscape.js";
import { executor } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import type { AppDeps } from "../core/appDeps.js";
import { knowledgeProjection, toKnowledgeItem, type KnowledgeItem } from "./knowledgeItem.js";
import { KNOWLEDGE_FULLTEXT_INDEX } from "./knowledgeTypes.js";
import { visibleAs } from "../graph/visibleAs.js";
import { SHARED_WITH_CALLER } from "./sharedWithCaller.js";

export interface CandidateRequest {
  topic: string;
  vector: number[];
  minConfidence: number;
  /** Only knowledge carrying this domain; null for any. */
  domain: string | null;
  includeShared: boolean;
  /** Length of each retriever's list. */
  perList: number;
  /** The vector indexes of the embedded knowledge types. */
  vectorIndexes: string[];
}

/** A retriever's list: knowledge best first. */
export type CandidateList = KnowledgeItem[];

/**
 * The caller's own knowledge, and the shared pool when asked, at least `minConfidence`, in `domain`: the filter both retrievers apply.
 * A SUPERSEDED belief is history (supersedeBelief, correctMemory): only its newest version answers a query.
 */
const IN_SCOPE = `n.tenantId = $callerTenant AND ${visibleAs("n")} AND n.confidence >= $minConfidence
  AND coalesce(n.state, 'ACTIVE') <> 'SUPERSEDED'
  AND ($domain IS NULL OR $domain IN n.domains)
  AND (n.ownerId = $callerAgent OR ($includeShared AND ${SHARED_WITH_CALLER}))`;

const FULLTEXT = `
  CALL db.index.fulltext.queryNodes($index, $lucene) YIELD node AS n, score
  WHERE ${IN_SCOPE}
  WITH n, score ORDER BY score DESC, n.id LIMIT $perList
  RETURN ${knowledgeProjection("n")} AS item`;

/** Every embedded knowledge type's index, nearest first; the indexes are shared by all tenants, so k is wider than the list. */
const VECTOR = `
  UNWIND $indexes AS index
  CALL db.index.vector.queryNodes(index, $k, $vector) YIELD node AS n, score
  WITH n, score WHERE ${IN_SCOPE}
  WITH n, score ORDER BY score DESC, n.id LIMIT $perList
  RETURN ${knowledgeProjection("n")} AS item`;

/**
 * memoryQuery's two retrievers over knowledge, as hybrid search runs them for
 * memories (src/search/): BM25 over the `knowledge_text` full-text index
 * (the topic's words, Lucene-escaped) and cosine over the vector indexes.
 * Nodes not embedded yet are found by full text alone.
 */
export async function memoryCandidates(
  deps: Pick<AppDeps, "driver" | "database">,
  caller: Caller,
  request: CandidateRequest,
): Promise<{ fulltext: CandidateList; vector: CandidateList }> {
  const params = {
    ...visibilityParams(caller),
    minConfidence: request.minConfidence,
    domain: request.domain,
    includeShared: request.includeShared,
    perList: cypherInt(request.perList),
  };
  const lucene = luceneAnyWord(request.topic);
  const items = (cypher: string, more: Record<string, unknown>) =>
    executor(deps).read({ cypher, params: { ...params, ...more }, decode: (r) => toKnowledgeItem(r.row("item")) });
  const [fulltext, vector] = await Promise.all([
    lucene ? items(FULLTEXT, { index: KNOWLEDGE_FULLTEXT_INDEX, lucene }) : Promise.resolve([]),
    request.vectorIndexes.length > 0
      ? items(VECTOR, { indexes: request.vectorIndexes, k: cypherInt(Math.min(1000, request.perList * 4)), vector: request.vector })
      : Promise.resolve([]),
  ]);
  return { fulltext, vector };
}
