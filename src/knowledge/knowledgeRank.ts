import type { RequestContext } from "../core/requestContext.js";
import { limit as limitArg } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { knowledgeTypes, maxNodes as maxNodesArg } from "./knowledgeArgs.js";
import type { KnowledgeItem } from "./knowledgeItem.js";
import { knowledgeSubgraph } from "./knowledgeSubgraph.js";
import { rankSubgraph, topDomains, type RankedNode } from "./ranking/rankSubgraph.js";

interface SubgraphArgs {
  types?: string[] | null;
  maxNodes?: number | null;
}

/** Reads the subgraph of the caller and ranks it (I/O, then pure ranking). */
async function rankedSubgraph(deps: AppDeps, ctx: RequestContext, field: string, args: SubgraphArgs) {
  const types = knowledgeTypes(`${field}.types`, args.types);
  const maxNodes = maxNodesArg(`${field}.maxNodes`, args.maxNodes);
  const subgraph = await knowledgeSubgraph(deps, ctx.caller, { types, maxNodes, scope: "visible" });
  const byId = new Map(subgraph.items.map((item) => [item.id, item]));
  const ranked = rankSubgraph([...byId.keys()], subgraph.links);
  const withKnowledge = (node: RankedNode) => ({ knowledge: byId.get(node.id) as KnowledgeItem, pageRank: node.pageRank, community: node.community });
  return { subgraph, byId, ranked, withKnowledge };
}

/** `Query.knowledgeRank`: PageRank over the bounded subgraph, best first. */
export function knowledgeRankResolver(deps: AppDeps) {
  return async (_: unknown, args: SubgraphArgs & { limit?: number | null }, ctx: RequestContext) => {
    const limit = limitArg("knowledgeRank.limit", args.limit, 20);
    const { ranked, withKnowledge } = await rankedSubgraph(deps, ctx, "knowledgeRank", args);
    return ranked.ranked.slice(0, limit).map(withKnowledge);
  };
}

/** `Query.knowledgeCommunities`: Louvain communities of the same subgraph, largest first. */
export function knowledgeCommunitiesResolver(deps: AppDeps) {
  return async (_: unknown, args: SubgraphArgs & { minSize?: number | null; limit?: number | null; membersLimit?: number | null }, ctx: RequestContext) => {
    const minSize = limitArg("knowledgeCommunities.minSize", args.minSize, 2, 1000);
    const limit = limitArg("knowledgeCommunities.limit", args.limit, 20);
    const membersLimit = limitArg("knowledgeCommunities.membersLimit", args.membersLimit, 10);
    const { subgraph, byId, ranked, withKnowledge } = await rankedSubgraph(deps, ctx, "knowledgeCommunities", args);
    const communities = ranked.groups
      .map((members, id) => ({ id, members }))
      .filter((c) => c.members.length >= minSize)
      .slice(0, limit)
      .map(({ id, members }) => ({
        id,
        size: members.length,
        members: members.slice(0, membersLimit).map(withKnowledge),
        topDomains: topDomains(members.map((m) => byId.get(m.id)?.domains ?? [])),
      }));
    return { nodeCount: subgraph.items.length, edgeCount: subgraph.links.length, modularity: ranked.modularity, communities };
  };
}
