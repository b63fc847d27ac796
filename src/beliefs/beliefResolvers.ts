import type { GraphQLResolveInfo } from "graphql";
import { selectNodeById } from "../graph/selectNodeById.js";
import type { RequestContext } from "../core/requestContext.js";
import { parseAgentId, parseKnowledgeId, parseReflectLimit, parseStoreArgs, parseSupersedeArgs } from "./beliefArgs.js";
import type { BeliefDeps } from "./beliefDeps.js";
import { memoryShare } from "./memoryShare.js";
import { memoryStore } from "./memoryStore.js";
import { reflect } from "./reflect.js";
import { supersedeBelief } from "./supersedeBelief.js";
import type { MutationMemoryReflectArgs, MutationMemoryShareArgs, MutationMemoryStoreArgs, MutationReflectArgs, MutationSupersedeBeliefArgs, Resolvers, ResolversTypes } from "../generated/resolvers-types.js";

/** Resolvers of reflection, belief evolution and the agent team's memory tools (schema/belief-tools.graphql). */
export function beliefResolvers(deps: BeliefDeps): Resolvers {
  return {
    Mutation: {
      reflect: async (_: unknown, args: MutationReflectArgs, ctx: RequestContext, info: GraphQLResolveInfo) => {
        const agentId = parseAgentId("reflect", args.agentId ?? ctx.caller.agentId);
        const id = await reflect(deps, ctx.caller, { agentId, limit: parseReflectLimit("reflect", args.limit), trigger: "reflect" });
        return selectNodeById<ResolversTypes["Reflection"]>(info, ctx, "reflections", id);
      },
      memoryReflect: async (_: unknown, args: MutationMemoryReflectArgs, ctx: RequestContext, info: GraphQLResolveInfo) => {
        const id = await reflect(deps, ctx.caller, { agentId: ctx.caller.agentId, limit: parseReflectLimit("memoryReflect", args.limit), trigger: "memoryReflect" });
        return selectNodeById<ResolversTypes["Reflection"]>(info, ctx, "reflections", id);
      },
      memoryStore: (_: unknown, args: MutationMemoryStoreArgs, ctx: RequestContext) => memoryStore(deps, ctx.caller, parseStoreArgs(args)),
      memoryShare: async (_: unknown, args: MutationMemoryShareArgs, ctx: RequestContext, info: GraphQLResolveInfo) => {
        const entryId = await memoryShare(deps, ctx.caller, parseKnowledgeId(args.knowledgeId));
        return selectNodeById<ResolversTypes["SharedKnowledge"]>(info, ctx, "sharedKnowledges", entryId);
      },
      supersedeBelief: async (_: unknown, args: MutationSupersedeBeliefArgs, ctx: RequestContext, info: GraphQLResolveInfo) => {
        const id = await supersedeBelief(deps, ctx.caller, parseSupersedeArgs(args));
        return selectNodeById<ResolversTypes["Belief"]>(info, ctx, "beliefs", id);
      },
    },
  };
}
