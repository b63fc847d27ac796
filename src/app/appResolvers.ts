import { apiKeyResolvers } from "../apiKeys/index.js";
import type { BeliefDeps } from "../beliefs/index.js";
import { beliefResolvers } from "../beliefs/index.js";
import { cypherToolResolvers } from "../cypherTool/index.js";
import { factCypherHooks, factResolvers } from "../facts/index.js";
import { feedResolvers, type FeedObserver, type FeedPolls } from "../feed/index.js";
import type { GameDeps } from "../game/index.js";
import { gameResolvers } from "../game/index.js";
import { knowledgeCypherHooks, knowledgeResolvers } from "../knowledge/index.js";
import { peopleToolResolvers } from "../people/index.js";
import { agentMemoryResolvers, memoryCypherHooks } from "../memory/index.js";
import { messageToolResolvers } from "../messages/index.js";
import type { ApiKeyStore } from "../apiKeys/index.js";
import { memoryResolvers } from "../memory/index.js";
import { searchResolvers } from "../search/index.js";
import { retrieveContextResolvers, type RetrieveContextOptions } from "../retrieveContext/index.js";
import { cypherQueryTools } from "../retrieveContext/index.js";
import { RETRIEVAL_TOOLS, toolResolversOf } from "../retrieveContext/index.js";
import { cypherToolHooks } from "../core/retrievalTool.js";
import type { AppDeps } from "../core/appDeps.js";
import { transferResolvers } from "../transfer/index.js";
import { forgetResolvers } from "../forget/index.js";
import { workflowCypherHooks, workflowResolvers } from "../workflow/index.js";
import type { CypherFieldHooks } from "../core/cypherFieldHook.js";
import { extractionResolvers } from "../extraction/index.js";
import type { ExtractionConfig } from "../config/config.js";

import type { Resolvers } from "../generated/resolvers-types.js";

type ResolverMap = Record<string, Record<string, unknown>>;

/** Merges resolver maps type by type; a field defined twice is a programming error. */
export function mergeResolvers(...maps: Resolvers[]): Resolvers {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map as ResolverMap)) {
      const target = (merged[type] ??= {});
      for (const [field, resolver] of Object.entries(fields)) {
        if (field in target) throw new Error(`Resolver ${type}.${field} is defined twice`);
        target[field] = resolver;
      }
    }
  }
  return merged as Resolvers;
}

/** What the hand-written resolvers run on. */
export interface AppResolverOptions {
  /** The API keys' store (their exchange for a token is a REST route, not here). */
  keys: ApiKeyStore;
  deps: AppDeps;
  /** The retrieval loop's model and budgets. */
  loop: RetrieveContextOptions;
  game: GameDeps;
  beliefs: BeliefDeps;
  /** The extraction worker's settings and the extractor it runs (`name@version`, null when EXTRACTION=off). */
  extraction: { config: ExtractionConfig; extractor: string | null };
  /** Told of the feed's deliveries (the gateway's metrics). */
  feed?: FeedObserver;
  /** The feed pollers' intervals, when not feedHub.ts's. */
  feedPolls?: FeedPolls;
}

/** Every hand-written resolver of the API: the fields that are the product, beside the generated CRUD. */
export function appResolvers({ keys, deps, loop, game, beliefs, extraction, feed, feedPolls }: AppResolverOptions): Resolvers {
  const maps: Resolvers[] = [
    apiKeyResolvers(keys),
    memoryResolvers(deps),
    searchResolvers(deps),
    agentMemoryResolvers(deps),
    messageToolResolvers(deps),
    peopleToolResolvers(deps),
    factResolvers(deps),
    cypherToolResolvers(deps),
    workflowResolvers(),
    gameResolvers(game, deps),
    feedResolvers(deps, feed, feedPolls),
    beliefResolvers(beliefs),
    knowledgeResolvers(deps),
    extractionResolvers(deps, extraction.config, extraction.extractor),
    transferResolvers(deps),
    forgetResolvers(deps, beliefs),
  ];
  const api = mergeResolvers(...maps);
  // The retrieval loop calls the same resolvers as the API: the same checks and access rules.
  const tools = toolResolversOf(api.Query ?? {});
  const cypherTools = cypherQueryTools(deps);
  const retrieveContext = retrieveContextResolvers(deps, tools, { ...loop, extraTools: (ctx) => cypherTools(ctx.caller) }).resolvers;
  return mergeResolvers(api, retrieveContext);
}

/** What the gateway wraps around the SDL's @cypher root fields (core/cypherFieldHook.ts). */
export function appCypherHooks(deps: AppDeps): CypherFieldHooks {
  return {
    ...workflowCypherHooks(deps),
    ...memoryCypherHooks,
    ...knowledgeCypherHooks(deps),
    ...cypherToolHooks(RETRIEVAL_TOOLS, deps),
    ...factCypherHooks(deps),
  };
}
