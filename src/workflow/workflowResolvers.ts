import type { GraphQLResolveInfo } from "graphql";
import { projectedValue } from "../graph/projectedValue.js";
import { selectNodeById } from "../graph/selectNodeById.js";
import type { RequestContext } from "../core/requestContext.js";
import { applyWorkflowTransition, type WorkflowDeps } from "./applyWorkflowTransition.js";
import { parseTransitionArgs } from "./transitionArgs.js";
import { allowedTransitions, type TransitionSubject } from "./workflowTransitions.js";
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
    WorkflowImprovement: {
      // The gate is TypeScript (workflowTransitions.ts) and the caller's roles decide it, so the field's
      // @cypher statement only reads the subject (status, ownerId, coCreatedWith) and the decision is made here.
      allowedTransitions: (improvement: Record<string, unknown>, _: unknown, ctx: RequestContext, info: GraphQLResolveInfo) => {
        const [subject] = (projectedValue(improvement, info) as TransitionSubject[] | null) ?? [];
        return subject ? allowedTransitions({ ...subject, coCreatedWith: subject.coCreatedWith ?? null }, ctx.caller) : [];
      },
    },
  };
}
