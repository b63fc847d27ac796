import { BadUserInputError, NotFoundError } from "../errors/errors.js";
import type { RequestContext } from "../core/requestContext.js";
import { list } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { recordAccess } from "./recordAccess.js";

/** Ids one call may mark. */
export const MAX_MARK_IDS = 100;

/** The ids a mark takes: at most MAX_MARK_IDS, each 1..200 characters. Pure. */
export function knowledgeIds(field: string, value: unknown): string[] {
  return (
    list(field, value, MAX_MARK_IDS, (f, v) => {
      if (typeof v !== "string" || v.length === 0 || v.length > 200) throw new BadUserInputError(`${f} must be an id of 1..200 characters`, f);
      return v;
    }) ?? []
  );
}

/** `Mutation.markKnowledgeAccessed`: ACCESSED from the caller's Agent node to the knowledge it may read among `ids`. */
export function markKnowledgeAccessedResolver(deps: AppDeps) {
  return async (_: unknown, args: { ids: unknown }, ctx: RequestContext) => {
    const ids = knowledgeIds("markKnowledgeAccessed.ids", args.ids);
    const { agentFound, recorded } = await recordAccess(deps, ctx.caller, ids);
    if (!agentFound) throw new NotFoundError(`markKnowledgeAccessed: the caller "${ctx.caller.agentId}" has no Agent node in this tenant`);
    return recorded;
  };
}
