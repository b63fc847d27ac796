import { executor } from "../graph/executor.js";
import { noRows, type Row } from "../graph/statement.js";

import { canWrite, VISIBLE_TO_CALLER, visibilityParams } from "../auth/policy.js";
import { optionalText, text } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import type { Caller } from "../core/caller.js";
import { BadUserInputError, ForbiddenError, NotFoundError } from "../errors/errors.js";
import { VISIBILITIES } from "../auth/readRule.js";

/** Longest feedback note, in characters. */
export const MAX_FEEDBACK_NOTE = 2000;

export interface RunFeedback {
  runId: string;
  helpful: boolean;
  note: string | null;
}

/** markRetrievalRun's arguments, checked: BAD_USER_INPUT naming `markRetrievalRun.<argument>` and the limit. Pure. */
export function parseRunFeedback(args: { runId?: unknown; helpful?: unknown; note?: unknown }): RunFeedback {
  const runId = text("markRetrievalRun.runId", args.runId, 128);
  if (typeof args.helpful !== "boolean") throw new BadUserInputError("markRetrievalRun.helpful must be true or false", "markRetrievalRun.helpful");
  return { runId, helpful: args.helpful, note: optionalText("markRetrievalRun.note", args.note, MAX_FEEDBACK_NOTE) };
}

const FIND = `MATCH (n:RetrievalRun {tenantId: $callerTenant, id: $id}) WHERE ${VISIBLE_TO_CALLER}
  RETURN n.ownerId AS ownerId, n.visibility AS visibility, coalesce(n.sharedWith, []) AS sharedWith`;

// Only the feedback fields: what the run recorded is never written here.
const MARK = `MATCH (n:RetrievalRun {tenantId: $callerTenant, id: $id})
  SET n.helpful = $helpful, n.feedbackNote = $note, n.feedbackBy = $callerAgent, n.feedbackAt = datetime($at)`;

/**
 * Marks a recorded run helpful or not, in one transaction: NOT_FOUND unless
 * the caller may read the run (the READ rule), FORBIDDEN unless it may change
 * it (its owner or an admin of its tenant: canWrite). A second mark replaces
 * the first; the run's recorded content is untouched.
 */
export async function markRetrievalRun(deps: Pick<AppDeps, "driver" | "database" | "now">, caller: Caller, feedback: RunFeedback): Promise<void> {
  const params = { ...visibilityParams(caller), id: feedback.runId };
  const find = {
    cypher: FIND,
    params,
    decode: (r: Row) => ({ tenantId: caller.tenantId, ownerId: r.string("ownerId"), visibility: r.oneOf("visibility", VISIBILITIES), sharedWith: r.strings("sharedWith") }),
  };
  await executor(deps).writeTransaction(async (tx) => {
    const [run] = await tx.run(find);
    if (!run) throw new NotFoundError(`No retrieval run ${feedback.runId} visible to you in this tenant`);
    if (!canWrite(caller, run)) throw new ForbiddenError(`Only its owner "${run.ownerId}" or an admin may mark retrieval run ${feedback.runId}`);
    await tx.run(noRows(MARK, { ...params, helpful: feedback.helpful, note: feedback.note, at: deps.now().toISOString() }));
  });
}
