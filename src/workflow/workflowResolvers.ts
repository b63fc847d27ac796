import type { GraphQLResolveInfo } from "graphql";
import { selectNodeById } from "../graph/selectNodeById.js";
import type { RequestContext } from "../core/requestContext.js";
import { applyWorkflowTransition, type WorkflowDeps } from "./applyWorkflowTransition.js";
import { parseTransitionArgs } from "./transitionArgs.js";
import type { MutationTransitionWorkflowImprovementArgs, Resolvers, ResolversTypes } from "../generated/resolvers-types.js";

/** Resolvers of the approval gate (schema/workflow.graphql). */
export function workflowResolvers(deps: WorkflowDeps): Resolvers {
  return {
    Mutation: {
      transitionWorkflowImprovement: async (_: unknown, args: MutationTransitionWorkflowImprovementArgs, ctx: RequestContext, info: GraphQLResolveInfo) => {
        const input = parseTransitionArgs(args);
        const applied = await applyWorkflowTransition(deps, ctx.caller, input);
        // Committed: the improvement is read back as the generated query would return it.
        return selectNodeById<ResolversTypes["WorkflowImprovement"]>(info, ctx, "workflowImprovements", applied.improvementId);
      },
    },
  };
}
