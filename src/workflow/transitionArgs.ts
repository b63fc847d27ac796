import { BadUserInputError } from "../errors/errors.js";
import { strings } from "../core/idArgs.js";
import { oneOf, optionalText, text } from "../core/args.js";
import { TRANSITIONS, TRANSITION_NAMES, type TransitionName } from "./workflowTransitions.js";

/** A transition request, checked: what applyWorkflowTransition takes. */
export interface TransitionArgs {
  id: string;
  transition: TransitionName;
  notes: string | null;
  conditions: string[];
}

const F = "transitionWorkflowImprovement";

/**
 * Checks the arguments of `transitionWorkflowImprovement` against the limits
 * of the Review relationship (schema/workflow.graphql). `conditions` belong to
 * a review: other transitions refuse them rather than drop them. Pure.
 */
export function parseTransitionArgs(args: { id: unknown; transition: unknown; notes?: unknown; conditions?: unknown }): TransitionArgs {
  const transition = oneOf(`${F}.transition`, args.transition, TRANSITION_NAMES) as TransitionName;
  const conditions = strings(`${F}.conditions`, args.conditions, 50, 2000);
  if (conditions.length > 0 && !("decision" in TRANSITIONS[transition])) {
    throw new BadUserInputError(`${F}.conditions are taken only by APPROVE, REJECT and REQUEST_REVISION, not by ${transition}`, `${F}.conditions`);
  }
  return {
    id: text(`${F}.id`, args.id, 128),
    transition,
    notes: optionalText(`${F}.notes`, args.notes, 5000),
    conditions,
  };
}
