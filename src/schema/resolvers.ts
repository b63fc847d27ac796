import { apiKeyResolvers } from "../auth/apiKeyResolvers.js";
import type { BeliefDeps } from "../beliefs/beliefDeps.js";
import { beliefResolvers } from "../beliefs/beliefResolvers.js";
import { cypherToolResolvers } from "../tools/cypher/cypherToolResolvers.js";
import { factResolvers } from "../facts/factResolvers.js";
import { feedResolvers } from "../feed/feedResolvers.js";
import type { GameDeps } from "../game/gameDeps.js";
import { gameResolvers } from "../game/gameResolvers.js";
import { knowledgeResolvers } from "../knowledge/knowledgeResolvers.js";
import { peopleToolResolvers } from "../tools/people/peopleToolResolvers.js";
import { agentMemoryResolvers } from "../tools/agentMemory/agentMemoryResolvers.js";
import { messageToolResolvers } from "../tools/messages/messageToolResolvers.js";
import type { ApiKeyStore } from "../graph/apiKeyStore.js";
import { memoryResolvers } from "../memories/memoryResolvers.js";
import { searchResolvers } from "../retrieval/searchResolvers.js";
import { retrieveContextResolvers, type RetrieveContextOptions } from "../retrieveContext/retrieveContextResolvers.js";
import { cypherQueryTools } from "../retrieveContext/tools/cypherQueryTool.js";
import type { ToolResolvers } from "../retrieveContext/tools/retrievalTools.js";
import type { ToolDeps } from "../tools/toolDeps.js";
import { workflowResolvers } from "../workflow/workflowResolvers.js";

type ResolverMap = Record<string, Record<string, unknown>>;

/** Merges resolver maps type by type; a field defined twice is a programming error. */
export function mergeResolvers(...maps: ResolverMap[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) {
      const target = (merged[type] ??= {});
      for (const [field, resolver] of Object.entries(fields)) {
        if (field in target) throw new Error(`Resolver ${type}.${field} is defined twice`);
        target[field] = resolver;
      }
    }
  }
  return merged;
}

/** Every hand-written resolver of the API: the fields that are the product, beside the generated CRUD. */
export function appResolvers(keys: ApiKeyStore, deps: ToolDeps, loop: RetrieveContextOptions, game: GameDeps, beliefs: BeliefDeps): ResolverMap {
  const search = searchResolvers(deps);
  const messages = messageToolResolvers(deps);
  const people = peopleToolResolvers(deps);
  // The retrieval loop calls the same resolvers as the API: the same checks and access rules.
  const tools = { ...people.Query, searchMemories: search.Query.searchMemories, searchMessages: messages.Query.searchMessages } as unknown as ToolResolvers;
  const cypherTools = cypherQueryTools(deps);
  const retrieveContext = retrieveContextResolvers(deps, tools, { ...loop, extraTools: (ctx) => cypherTools(ctx.caller) }).resolvers;
  return mergeResolvers(apiKeyResolvers(keys), memoryResolvers(deps), search, agentMemoryResolvers(deps), messages, people, factResolvers(deps), cypherToolResolvers(deps), retrieveContext, workflowResolvers(deps), gameResolvers(game, deps), feedResolvers(deps), beliefResolvers(beliefs), knowledgeResolvers(deps));
}
