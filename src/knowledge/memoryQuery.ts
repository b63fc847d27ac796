import { vectorIndexName } from "../embeddings/embeddedTypes.js";
import { reciprocalRankFusion } from "../search/index.js";
import type { RequestContext } from "../core/requestContext.js";
import { limit as limitArg, text, unit } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import type { KnowledgeItem } from "./knowledgeItem.js";
import { isKnowledgeLabel } from "./knowledgeTypes.js";
import { knowledgeSubgraph } from "./knowledgeSubgraph.js";
import { memoryCandidates } from "./memoryCandidates.js";
import { recordAccess } from "./recordAccess.js";
import { pageRanks } from "./ranking/pageRank.js";
import { scoreMemories } from "./ranking/memoryScore.js";

export interface MemoryQueryArgs {
  topic: string;
  minConfidence?: number | null;
  includeShared?: boolean | null;
  limit?: number | null;
  domain?: string | null;
}

/** Reciprocal-rank fusion constant, as hybrid search uses it. */
const RRF_K = 60;
/** Nodes of the caller's subgraph PageRank is computed over. */
const RANK_SUBGRAPH_NODES = 2000;

/**
 * `Query.memoryQuery`, the agent team's memory tool: full text and vectors find
 * candidates in the caller's own knowledge (and the shared pool), fusion and
 * the PageRank of the caller's knowledge subgraph order them
 * (ranking/memoryScore.ts), and what is returned is recorded as ACCESSED.
 */
export function memoryQueryResolver(deps: AppDeps) {
  const vectorIndexes = deps.schema.embeddedTypes
    .map((t) => t.label)
    .filter(isKnowledgeLabel)
    .map(vectorIndexName);
  return async (_: unknown, args: MemoryQueryArgs, ctx: RequestContext) => {
    const topic = text("memoryQuery.topic", args.topic, 500);
    const minConfidence = unit("memoryQuery.minConfidence", args.minConfidence, 0);
    const limit = limitArg("memoryQuery.limit", args.limit, 10);
    const includeShared = args.includeShared ?? true;
    const domain = args.domain == null ? null : text("memoryQuery.domain", args.domain, 100);
    const [vector] = await deps.embedder.embedQueries([topic]);
    const perList = Math.max(30, limit * 4);
    const [lists, subgraph] = await Promise.all([
      memoryCandidates(deps, ctx.caller, { topic, vector: vector!, minConfidence, domain, includeShared, perList, vectorIndexes }),
      knowledgeSubgraph(deps, ctx.caller, { types: null, maxNodes: RANK_SUBGRAPH_NODES, scope: includeShared ? "ownAndPool" : "own" }),
    ]);
    const fused = reciprocalRankFusion([{ ids: lists.fulltext.map((k) => k.id) }, { ids: lists.vector.map((k) => k.id) }], RRF_K);
    const items = new Map<string, KnowledgeItem>([...lists.fulltext, ...lists.vector].map((k) => [k.id, k]));
    const ranks = pageRanks(subgraph.items.map((k) => k.id), subgraph.links);
    const scored = scoreMemories(
      [...items.values()].map((k) => ({ id: k.id, fused: fused.get(k.id) ?? 0, confidence: k.confidence, pageRank: ranks.get(k.id) ?? 0 })),
      RRF_K,
    ).slice(0, limit);
    if (scored.length > 0) await recordAccess(deps, ctx.caller, scored.map((s) => s.id));
    return scored.map((s) => ({ knowledge: items.get(s.id)!, score: s.score, relevance: s.relevance, centrality: s.centrality }));
  };
}
