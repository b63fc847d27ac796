import { UnauthenticatedError } from "../errors/errors.js";
import type { Caller } from "../core/caller.js";

type Callback = (parent: unknown, args: unknown, context: object) => string;

function callerOf(context: object): Caller {
  const caller = (context as { caller?: Caller }).caller;
  if (!caller) throw new UnauthenticatedError();
  return caller;
}

/**
 * `@populatedBy` callbacks named in the SDL: ownership is stamped from the
 * request's caller on create, and server-owned states start where they must.
 * Other server-owned fields (`embeddingStatus`) are set the same way.
 */
export const populatedByCallbacks: Record<string, Callback> = {
  callerTenant: (_p, _a, ctx) => callerOf(ctx).tenantId,
  callerAgent: (_p, _a, ctx) => callerOf(ctx).agentId,
  initialWorkflowStatus: () => "PROPOSED",
  // Every write of an embedded type queues it for the embedding worker, which
  // re-embeds only when the text really changed (src/embeddings/embeddingWorker.ts).
  embeddingPending: () => "PENDING",
  // Every write of a message queues it for the extraction worker (src/extraction), in the write's own transaction.
  extractionPending: () => "PENDING",
  // When a link (EVOLVED_INTO, LEARNED, REVIEWED, a fact) was made. @timestamp on relationship properties
  // is not applied by @neo4j/graphql 7 when the link is made by `connect`, and the field is non-null.
  stampNow: () => new Date().toISOString(),
};
