import { memoryContextResolver } from "./context/memoryContextResolver.js";
import type { AppDeps } from "../core/appDeps.js";
import { agentContextForTaskResolver } from "./agentContextForTask.js";
import { memoriesForConversationResolver } from "./memoriesForConversation.js";
import { recordInteractionResolver, recordSignificantInteractionResolver } from "./recordInteraction.js";
import { relevantMemoriesForTaskResolver } from "./relevantMemoriesForTask.js";
import type { Resolvers } from "../generated/resolvers-types.js";
import { callerAgentArg } from "../core/callerAgentArg.js";

/**
 * Resolvers of schema/agent-memory-tools.graphql: the Discord agent squad's agent-memory
 * tools, the memory-context block (with its cache, created here once per
 * gateway) and recordInteraction. Every `agentId` defaults to the caller. agentMemories and
 * agentRelationships are @cypher fields (their statements are in the SDL, their hooks in memoryCypherHooks.ts).
 */
export function agentMemoryResolvers(deps: AppDeps): Resolvers {
  return {
    Query: {
      memoryContext: callerAgentArg(memoryContextResolver(deps)),
      memoriesForConversation: callerAgentArg(memoriesForConversationResolver(deps)),
      relevantMemoriesForTask: callerAgentArg(relevantMemoriesForTaskResolver(deps)),
      agentContextForTask: callerAgentArg(agentContextForTaskResolver(deps)),
    },
    Mutation: {
      recordInteraction: recordInteractionResolver(deps),
      recordSignificantInteraction: recordSignificantInteractionResolver(deps),
    },
  };
}
