import type { AppDeps } from "../core/appDeps.js";
import { heartbeatChecklistResolver } from "./heartbeatChecklist.js";
import { knowledgeCommunitiesResolver, knowledgeRankResolver } from "./knowledgeRank.js";
import { markKnowledgeAccessedResolver } from "./markKnowledgeAccessed.js";
import { memoryQueryResolver } from "./memoryQuery.js";
import { processHealthResolver } from "./processHealth.js";
import { synthesisOpportunitiesResolver } from "./synthesisOpportunities.js";
import { discoverKnowledgeResolver, unseenKnowledgeResolver } from "./unseenKnowledge.js";
import { markKnowledgeAppliedResolver } from "./markKnowledgeApplied.js";
import type { Resolvers } from "../generated/resolvers-types.js";

/** Resolvers of schema/knowledge-queries.graphql (docs/knowledge-queries.md). */
export function knowledgeResolvers(deps: AppDeps): Resolvers {
  return {
    Query: {
      memoryQuery: memoryQueryResolver(deps),
      unseenKnowledge: unseenKnowledgeResolver(deps),
      discoverKnowledge: discoverKnowledgeResolver(deps),
      synthesisOpportunities: synthesisOpportunitiesResolver(deps),
      processHealth: processHealthResolver(deps),
      heartbeatChecklist: heartbeatChecklistResolver(deps),
      knowledgeRank: knowledgeRankResolver(deps),
      knowledgeCommunities: knowledgeCommunitiesResolver(deps),
    },
    Mutation: {
      markKnowledgeAccessed: markKnowledgeAccessedResolver(deps),
      markKnowledgeApplied: markKnowledgeAppliedResolver(deps),
    },
  };
}
