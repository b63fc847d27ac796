import type { GraphQLResolveInfo } from "graphql";
import type { CypherFieldHooks } from "../core/cypherFieldHook.js";
import { projectedValue } from "../graph/projectedValue.js";
import type { RequestContext } from "../core/requestContext.js";
import { transitionHook, type WorkflowDeps } from "./applyWorkflowTransition.js";
import { allowedTransitions, type TransitionSubject } from "./workflowTransitions.js";
import type { Resolvers } from "../generated/resolvers-types.js";

/** Resolvers of the approval gate (schema/workflow.graphql). */
export function workflowResolvers(): Resolvers {
  return {
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

/**
 * What the gateway wraps around the approval gate's @cypher mutation
 * (transitionWorkflowImprovement: its statement is transitionStatement.ts):
 * the transaction, the clock, the feed event and the typed refusals.
 */
export function workflowCypherHooks(deps: WorkflowDeps): CypherFieldHooks {
  return { transitionWorkflowImprovement: transitionHook(deps) };
}
