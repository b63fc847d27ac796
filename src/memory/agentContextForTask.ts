import { visibilityParams } from "../auth/policy.js";
import { BadUserInputError } from "../errors/errors.js";
import type { RequestContext } from "../core/requestContext.js";
import { executor } from "../graph/executor.js";
import { onlyRow, type Row } from "../graph/statement.js";
import { idArg } from "../core/idArgs.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";
import { MATCH_AGENT, requireAgent } from "./agentScope.js";
import { findMemoriesForTask } from "./findMemoriesForTask.js";
import { MEMORY_PROJECTION, toAgentMemory, toStoredMemory } from "./memoryRecord.js";
import type { TaskBrief } from "../generated/resolvers-types.js";
import { TASK_STATUSES, TASK_TYPES } from "../core/storedEnums.js";

/** How many of each list the context holds. */
const TOP = 5;

const mine = (where: string, order: string) => `
  CALL (a, t) {
    MATCH (a)-[:REMEMBERS]->(n:Memory) WHERE ${visibleAs("n")} AND ${where}
    WITH n ORDER BY ${order} LIMIT ${TOP}
    RETURN collect(${MEMORY_PROJECTION}) AS list
  }`;

const CYPHER = `
  ${MATCH_AGENT}
  OPTIONAL MATCH (t:Task {tenantId: $callerTenant, id: $taskId}) WHERE ${visibleAs("t")}
  ${mine("n.taskId = t.id", "n.importance DESC, n.createdAt DESC")}
  WITH a, t, list AS taskMemories
  ${mine("n.type = 'INSIGHT'", "n.importance DESC, n.createdAt DESC")}
  WITH a, t, taskMemories, list AS insights
  ${mine("n.type = 'LEARNING'", "n.importance DESC, n.createdAt DESC")}
  RETURN a IS NOT NULL AS found, t { .id, .taskType, .description, .status, createdAt: t.createdAt.epochMillis } AS task,
         taskMemories, insights, list AS learnings`;

const memories = (r: Row, key: string) => r.rows(key).map((m) => toAgentMemory(toStoredMemory(m)));

/** CYPHER's one row: the task's brief (null when the caller may not read it), and the three lists. */
const decode = (r: Row) => {
  const task = r.rowOrNull("task");
  return {
    found: r.boolean("found"),
    task: task && {
      id: task.string("id"),
      taskType: task.oneOf("taskType", TASK_TYPES),
      description: task.string("description"),
      status: task.oneOf("status", TASK_STATUSES),
      createdAt: new Date(task.numberOrNull("createdAt") ?? 0).toISOString(),
    },
    taskMemories: memories(r, "taskMemories"),
    insights: memories(r, "insights"),
    learnings: memories(r, "learnings"),
  };
};

/**
 * `Query.agentContextForTask` (the Discord agent squad's get_agent_context_for_task): the
 * task, the agent's memories of it, its top insights and learnings (one
 * query), and the memories relevant to the task's description (a second).
 */
export function agentContextForTaskResolver(deps: AppDeps) {
  return async (_: unknown, args: { agentId: string; taskId: string }, ctx: RequestContext) => {
    const agentId = idArg("agentContextForTask.agentId", args.agentId);
    const taskId = idArg("agentContextForTask.taskId", args.taskId);
    const row = onlyRow(await executor(deps).read({ cypher: CYPHER, params: { ...visibilityParams(ctx.caller), agentId, taskId }, decode }));
    requireAgent(row.found, "agentContextForTask.agentId", agentId);
    const { task } = row;
    if (!task) throw new BadUserInputError(`agentContextForTask.taskId: no task "${taskId}" in this tenant`, "agentContextForTask.taskId");
    const description = task.description;
    const relevant = await findMemoriesForTask(deps, ctx.caller, { agentId, description, tags: [], limit: TOP });
    return {
      task: task satisfies TaskBrief,
      taskMemories: row.taskMemories,
      relevantMemories: relevant.ranked.map((m) => toAgentMemory(m, m.relevance)),
      insights: row.insights,
      learnings: row.learnings,
    };
  };
}
