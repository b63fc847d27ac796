import { visibilityParams } from "../auth/policy.js";
import type { RequestContext } from "../core/requestContext.js";
import { cypherInt, readQuery, toNumber } from "../graph/readQuery.js";
import type { AppDeps } from "../core/appDeps.js";
import { windowDays as windowArg } from "./knowledgeArgs.js";
import { visibleAs } from "../graph/visibleAs.js";
import { processHealthMetrics } from "./processHealthMetrics.js";
import type { TaskType } from "../generated/resolvers-types.js";

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
    const rows = await readQuery(deps, CYPHER, { ...visibilityParams(ctx.caller), now: deps.now().toISOString(), windowDays: cypherInt(windowDays) });
    return processHealthMetrics(
      rows.map((r) => ({
        taskType: r.taskType as TaskType,
        total: toNumber(r.total) ?? 0,
        completed: toNumber(r.completed) ?? 0,
        blocked: toNumber(r.blocked) ?? 0,
        successes: toNumber(r.successes) ?? 0,
        qualitySum: toNumber(r.qualitySum) ?? 0,
        qualityCount: toNumber(r.qualityCount) ?? 0,
      })),
    );
  };
}
