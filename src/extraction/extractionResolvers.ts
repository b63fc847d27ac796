import type { ExtractionConfig } from "../config/config.js";
import type { AppDeps } from "../core/appDeps.js";
import type { RequestContext } from "../core/requestContext.js";
import { requireRole } from "../auth/policy.js";
import { ForbiddenError } from "../errors/errors.js";
import type { MutationPauseExtractionArgs, MutationQueueExtractionArgs, Resolvers } from "../generated/resolvers-types.js";
import { extractionState, queueExtraction, setExtractionPaused } from "./extractionState.js";

/**
 * Resolvers of schema/extraction.graphql. `extractor` names the extractor this
 * process runs (`deterministic@1`), null when EXTRACTION=off.
 */
export function extractionResolvers(deps: Pick<AppDeps, "driver" | "database">, config: ExtractionConfig, extractor: string | null): Resolvers {
  const { driver, database } = deps;
  const state = (tenantId: string) => extractionState(driver, database, config, extractor, tenantId);
  return {
    Query: {
      extractionState: async (_: unknown, __: unknown, ctx: RequestContext) => {
        requireRole(ctx.caller, "admin", "read the extraction queue");
        return state(ctx.caller.tenantId);
      },
    },
    Mutation: {
      pauseExtraction: async (_: unknown, args: MutationPauseExtractionArgs, ctx: RequestContext) => {
        // One switch for every tenant on the database: the operator's, not a tenant admin's.
        if (ctx.caller.operator !== true) throw new ForbiddenError("Only the gateway's operator may pause or resume extraction: it stops it for every tenant");
        await setExtractionPaused(driver, database, args.paused, `${ctx.caller.tenantId}/${ctx.caller.agentId}`);
        return state(ctx.caller.tenantId);
      },
      queueExtraction: async (_: unknown, args: MutationQueueExtractionArgs, ctx: RequestContext) => {
        requireRole(ctx.caller, "admin", "queue messages for extraction");
        return queueExtraction(driver, database, ctx.caller.tenantId, args.statuses, args.channelId ?? null);
      },
    },
  };
}
