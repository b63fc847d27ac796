import type { RequestContext } from "../core/requestContext.js";
import type { AppDeps } from "../core/appDeps.js";
import { recordMemories, type MemoryInput } from "./recordMemories.js";

/** Resolvers of the hand-written memory writes (schema/memories.graphql). */
export function memoryResolvers(deps: Pick<AppDeps, "driver" | "database">) {
  return {
    Mutation: {
      recordMemories: async (_: unknown, args: { agentId?: string | null; memories: MemoryInput[] }, ctx: RequestContext) => {
        const ids = await recordMemories(deps, ctx.caller, args.agentId, args.memories);
        return { ids, pendingEmbeddings: ids.length };
      },
    },
  };
}
