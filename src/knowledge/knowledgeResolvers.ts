import type { AppDeps } from "../core/appDeps.js";
import { heartbeatChecklistResolver } from "./heartbeatChecklist.js";
import { knowledgeCommunitiesResolver, knowledgeRankResolver } from "./knowledgeRank.js";
import { markKnowledgeAccessedResolver } from "./markKnowledgeAccessed.js";
import { memoryQueryResolver } from "./memoryQuery.js";
import { processHealthResolver } from "./processHealth.js";
import { markKnowledgeAppliedResolver } from "./markKnowledgeApplied.js";
import type { Resolvers } from "../generated/resolvers-types.js";

/**
 * Resolvers of schema/knowledge-queries.graphql (docs/knowledge-queries.md). unseenKnowledge,
 * discoverKnowledge and synthesisOpportunities are @cypher fields (their hooks: knowledgeCypherHooks.ts).
 */
export function knowledgeResolvers(deps: AppDeps): Resolvers {
  return {
    Query: {
      memoryQuery: memoryQueryResolver(deps),
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
