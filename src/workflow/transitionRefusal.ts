import { z } from "zod";
import { statementRefusal } from "../core/cypherFieldHook.js";
import { BadUserInputError, ConflictError, ForbiddenError, NotFoundError, type MnemographError } from "../errors/errors.js";
import type { TransitionArgs } from "./transitionArgs.js";
import { TRANSITION_REFUSED } from "./transitionStatement.js";
import { TRANSITION_NAMES, WORKFLOW_STATUSES } from "./workflowTransitions.js";

const REFUSAL = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("notFound") }),
  z.object({ kind: z.literal("forbidden"), reason: z.string() }),
  z.object({ kind: z.literal("illegal"), current: z.enum(WORKFLOW_STATUSES), requires: z.enum(WORKFLOW_STATUSES), allowed: z.array(z.enum(TRANSITION_NAMES)) }),
  z.object({ kind: z.literal("noReviewer"), reviewer: z.string() }),
]);


/**
 * The typed error of a transition the statement (transitionStatement.ts)
 * refused, or null when `err` is no refusal of it: NOT_FOUND, FORBIDDEN naming
 * who may act, CONFLICT naming the current status and what it allows, or
 * BAD_USER_INPUT for a reviewer without an Agent node. The same words the
 * gate has always answered with.
 */
export function transitionRefusal(err: unknown, args: TransitionArgs): MnemographError | null {
  const described = statementRefusal(err, TRANSITION_REFUSED);
  if (described === null) return null;
  const refusal = REFUSAL.parse(described);
  switch (refusal.kind) {
    case "notFound":
      return new NotFoundError(`No workflow improvement ${args.id} visible to you in this tenant`);
    case "forbidden":
      return new ForbiddenError(`${refusal.reason}: you cannot ${args.transition} workflow improvement ${args.id}`);
    case "noReviewer":
      return new BadUserInputError(`The reviewer "${refusal.reviewer}" has no Agent node in this tenant: create it before reviewing`, "transitionWorkflowImprovement");
    case "illegal": {
      const allowed = refusal.allowed.length ? `allowed from ${refusal.current}: ${refusal.allowed.join(", ")}` : `${refusal.current} is final`;
      return new ConflictError(
        `Cannot ${args.transition} workflow improvement ${args.id}: it is ${refusal.current}, and ${args.transition} needs ${refusal.requires} (${allowed})`,
        { currentStatus: refusal.current, allowedTransitions: refusal.allowed },
      );
    }
  }
}
