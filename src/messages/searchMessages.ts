import { visibilityParams } from "../auth/policy.js";
import { RECALL_INDEX, reciprocalRankFusion, rankedIds } from "../search/index.js";
import { luceneAnyWord } from "../graph/luceneEscape.js";
import type { RequestContext } from "../core/requestContext.js";
import { executor } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";
import { MESSAGE_PROJECTION, toChannelMessage, type ChannelMessageOutput } from "./messageRecord.js";

export interface SearchMessagesArgs {
  query: string;
  channelId: string | null;
  authorId: string | null;
  limit: number;
}

/** Hits read from the vector index before filtering: it spans every tenant. */
const POOL = 500;

const FILTER = `${visibleAs("n")}
  AND ($channelId IS NULL OR EXISTS { MATCH (n)-[:IN_CHANNEL]->(c:Channel {tenantId: $callerTenant, id: $channelId}) })
  AND ($authorId IS NULL OR n.authorId = $authorId)`;

// Two ranked lists in one query; @neo4j/graphql's @vector would cap k at 4, so this is our own Cypher.
const CYPHER = `
  CALL () {
    WITH 1 AS go WHERE $q <> ''
    CALL db.index.fulltext.queryNodes($index, $q) YIELD node AS n, score
    WITH n, score WHERE n:Message AND ${FILTER}
    WITH n, score LIMIT $k
    WITH n ORDER BY score DESC
    RETURN collect(${MESSAGE_PROJECTION}) AS byText
  }
  CALL () {
    CALL db.index.vector.queryNodes('message_embedding', $pool, $vector) YIELD node AS n, score
    WITH n, score WHERE ${FILTER}
    WITH n ORDER BY score DESC LIMIT $k
    RETURN collect(${MESSAGE_PROJECTION}) AS byVector
  }
  RETURN byText, byVector`;

/**
 * `Query.searchMessages` (the knowledge agent's message search): BM25 over the escaped
 * query and cosine similarity of its embedding, each filtered to what the
 * caller may read, fused by reciprocal rank (search/ranking/fusion.ts).
 */
export function searchMessagesResolver(deps: AppDeps) {
  return async ({ query, channelId, authorId, limit }: SearchMessagesArgs, ctx: RequestContext) => {
    const [vector] = await deps.embedder.embedQueries([query]);
    const [row] = await executor(deps).read({
      cypher: CYPHER,
      params: {
        ...visibilityParams(ctx.caller),
        index: RECALL_INDEX,
        q: luceneAnyWord(query),
        vector,
        channelId,
        authorId,
        pool: cypherInt(POOL),
        k: cypherInt(Math.min(POOL, limit * 5)),
      },
      decode: (r) => ({ byText: r.rows("byText").map(toChannelMessage), byVector: r.rows("byVector").map(toChannelMessage) }),
    });
    return fuseHits(row?.byText ?? [], row?.byVector ?? []).slice(0, limit);
  };
}

/** Both rankings fused by reciprocal rank, each hit with its rank in either list (1-based). Pure. */
export function fuseHits(byText: readonly ChannelMessageOutput[], byVector: readonly ChannelMessageOutput[]) {
  const textIds = byText.map((m) => m.id);
  const vectorIds = byVector.map((m) => m.id);
  const scores = reciprocalRankFusion([{ ids: textIds }, { ids: vectorIds }]);
  const byId = new Map([...byVector, ...byText].map((m) => [m.id, m]));
  const rank = (ids: string[], id: string) => (ids.includes(id) ? ids.indexOf(id) + 1 : null);
  return rankedIds(scores).map((id) => ({
    message: byId.get(id)!,
    score: scores.get(id)!,
    textRank: rank(textIds, id),
    vectorRank: rank(vectorIds, id),
  }));
}
