import type { RequestContext } from "../core/requestContext.js";
import type { ResolversTypes } from "../generated/resolvers-types.js";

type SearchHit = Awaited<ResolversTypes["SearchHit"]>;
type SearchMemoriesResult = Awaited<ResolversTypes["SearchMemoriesResult"]>;
import { parseSearchInput, type SearchMemoriesArgs } from "./searchInput.js";
import { searchMemories, type SearchDeps, type SearchHitResult } from "./searchMemories.js";

/** The GraphQL shape of a hit: memory and message fields side by side, score parts on request. */
function toGraphQL(hit: SearchHitResult, explain: boolean): SearchHit {
  const p = hit.properties;
  const memory = hit.kind === "MEMORY";
  const fact = hit.kind === "FACT";
  // Knowledge (beliefs, insights…) has an owner and a confidence; a game turn an owner only.
  const owned = !fact;
  return {
    kind: hit.kind,
    source: hit.kind,
    id: hit.id,
    content: p.content ?? "",
    score: hit.score,
    ownerId: owned ? p.ownerId : null,
    occurredAt: hit.occurredAt,
    memoryType: memory ? p.type : null,
    importance: memory ? p.importance : null,
    confidence: typeof p.confidence === "number" ? p.confidence : null,
    tags: memory ? p.tags : null,
    participants: memory || fact ? p.participants : null,
    conversationId: memory ? p.conversationId : hit.kind === "MESSAGE" ? p.channelId : hit.kind === "TURN" ? p.sessionId : null,
    sourceRef: memory ? p.source : null,
    authorId: hit.kind === "MESSAGE" ? p.authorId : null,
    authorName: hit.kind === "MESSAGE" ? p.authorName : null,
    evidence: fact ? p.evidence : null,
    factType: fact ? p.factType : null,
    fact: fact ? (p.fact ?? null) : null,
    explain: explain ? hit.parts : null,
  };
}

/** `searchMemories` (schema/search.graphql): the input is checked by parseSearchInput. */
export function searchMemoriesResolver(deps: SearchDeps) {
  return async (args: { input: unknown }, ctx: RequestContext): Promise<SearchMemoriesResult> => {
    const request = parseSearchInput(args.input as SearchMemoriesArgs, deps.embedder.dimensions);
    const result = await searchMemories(deps, ctx.caller, request);
    return { hits: result.hits.map((h) => toGraphQL(h, request.explain)), tookMs: result.tookMs };
  };
}
