import type { RequestContext } from "../core/requestContext.js";
import { NotFoundError } from "../errors/errors.js";
import type { AppDeps } from "../core/appDeps.js";
import { knowledgeIds } from "./markKnowledgeAccessed.js";
import { recordAccess } from "./recordAccess.js";

/**
 * `Mutation.markKnowledgeApplied`: the caller used these knowledge nodes (the
 * agent team's `applied_by` and LEARNED). Reading is implied: it records
 * ACCESSED as markKnowledgeAccessed does, then appliedBy and LEARNED.
 */
export function markKnowledgeAppliedResolver(deps: AppDeps) {
  return async (_: unknown, args: { ids: unknown }, ctx: RequestContext) => {
    const ids = knowledgeIds("markKnowledgeApplied.ids", args.ids);
    const { agentFound, recorded } = await recordAccess(deps, ctx.caller, ids, { applied: true });
    if (!agentFound) throw new NotFoundError(`markKnowledgeApplied: the caller "${ctx.caller.agentId}" has no Agent node in this tenant`);
    return recorded;
  };
}
