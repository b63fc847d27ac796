import { visibilityParams } from "../auth/policy.js";
import type { RequestContext } from "../core/requestContext.js";
import { cypherInt } from "../graph/readQuery.js";
import { executor } from "../graph/executor.js";
import { TASK_TYPES } from "../core/storedEnums.js";
import type { AppDeps } from "../core/appDeps.js";
import { windowDays as windowArg } from "./knowledgeArgs.js";
import { visibleAs } from "../graph/visibleAs.js";
import { processHealthMetrics } from "./processHealthMetrics.js";

/** Per task type, over the tasks the caller may read created in the window. */
const CYPHER = `
  MATCH (t:Task)
  WHERE t.tenantId = $callerTenant AND ${visibleAs("t")}
    AND t.createdAt >= datetime($now) - duration({days: $windowDays})
  RETURN t.taskType AS taskType, count(*) AS total,
    sum(CASE WHEN t.status = 'COMPLETED' THEN 1 ELSE 0 END) AS completed,
    sum(CASE WHEN t.status = 'BLOCKED' THEN 1 ELSE 0 END) AS blocked,
    sum(CASE WHEN t.outcome = 'SUCCESS' THEN 1 ELSE 0 END) AS successes,
    sum(coalesce(t.qualityScore, 0.0)) AS qualitySum, count(t.qualityScore) AS qualityCount`;

/** `Query.processHealth`. */
export function processHealthResolver(deps: AppDeps) {
  return async (_: unknown, args: { windowDays?: number | null }, ctx: RequestContext) => {
    const windowDays = windowArg("processHealth.windowDays", args.windowDays, 7);
    const rows = await executor(deps).read({
      cypher: CYPHER,
      params: { ...visibilityParams(ctx.caller), now: deps.now().toISOString(), windowDays: cypherInt(windowDays) },
      decode: (r) => ({
        taskType: r.oneOf("taskType", TASK_TYPES),
        total: r.number("total"),
        completed: r.number("completed"),
        blocked: r.number("blocked"),
        successes: r.number("successes"),
        qualitySum: r.number("qualitySum"),
        qualityCount: r.number("qualityCount"),
      }),
    });
    return processHealthMetrics(rows);
  };
}
