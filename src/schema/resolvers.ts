import { apiKeyResolvers } from "../auth/apiKeyResolvers.js";
import { factResolvers } from "../facts/factResolvers.js";
import { peopleToolResolvers } from "../tools/people/peopleToolResolvers.js";
import { agentMemoryResolvers } from "../tools/agentMemory/agentMemoryResolvers.js";
import { messageToolResolvers } from "../tools/messages/messageToolResolvers.js";
import type { ApiKeyStore } from "../graph/apiKeyStore.js";
import { memoryResolvers } from "../memories/memoryResolvers.js";
import { searchResolvers } from "../retrieval/searchResolvers.js";
import type { ToolDeps } from "../tools/toolDeps.js";

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
export function appResolvers(keys: ApiKeyStore, deps: ToolDeps): ResolverMap {
  return mergeResolvers(apiKeyResolvers(keys), memoryResolvers(deps), searchResolvers(deps), agentMemoryResolvers(deps), messageToolResolvers(deps), peopleToolResolvers(deps), factResolvers(deps));
}
