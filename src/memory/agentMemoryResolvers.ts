import { memoryContextResolver } from "./context/memoryContextResolver.js";
import type { AppDeps } from "../core/appDeps.js";
import { agentContextForTaskResolver } from "./agentContextForTask.js";
import { agentMemoriesResolver } from "./agentMemories.js";
import { agentRelationshipsResolver } from "./agentRelationships.js";
import { memoriesForConversationResolver } from "./memoriesForConversation.js";
import { recordInteractionResolver, recordSignificantInteractionResolver } from "./recordInteraction.js";
import { relevantMemoriesForTaskResolver } from "./relevantMemoriesForTask.js";
import type { Resolvers } from "../generated/resolvers-types.js";

/**
 * Resolvers of schema/agent-memory-tools.graphql: the Discord agent squad's agent-memory
 * tools, the memory-context block (with its cache, created here once per
 * gateway) and recordInteraction.
 */
export function agentMemoryResolvers(deps: AppDeps): Resolvers {
  return {
    Query: {
      memoryContext: memoryContextResolver(deps),
      agentMemories: agentMemoriesResolver(deps),
      memoriesForConversation: memoriesForConversationResolver(deps),
      agentRelationships: agentRelationshipsResolver(deps),
      relevantMemoriesForTask: relevantMemoriesForTaskResolver(deps),
      agentContextForTask: agentContextForTaskResolver(deps),
    },
    Mutation: {
      recordInteraction: recordInteractionResolver(deps),
      recordSignificantInteraction: recordSignificantInteractionResolver(deps),
    },
  };
}
