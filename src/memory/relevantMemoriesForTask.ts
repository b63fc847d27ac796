import type { RequestContext } from "../core/requestContext.js";
import { idArg, strings } from "../core/idArgs.js";
import { limit as limitArg, text } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { requireAgent } from "./agentScope.js";
import { findMemoriesForTask } from "./findMemoriesForTask.js";
import { toAgentMemory } from "./memoryRecord.js";

export interface RelevantMemoriesForTaskArgs {
  agentId: string;
  taskDescription: string;
  taskTags?: string[] | null;
  limit?: number | null;
}

/** `Query.relevantMemoriesForTask` (the Discord agent squad's get_relevant_memories_for_task), each with its relevance. */
export function relevantMemoriesForTaskResolver(deps: AppDeps) {
  return async (_: unknown, args: RelevantMemoriesForTaskArgs, ctx: RequestContext) => {
    const agentId = idArg("relevantMemoriesForTask.agentId", args.agentId);
    const description = text("relevantMemoriesForTask.taskDescription", args.taskDescription, 20000);
    const tags = strings("relevantMemoriesForTask.taskTags", args.taskTags, 50, 100);
    const limit = limitArg("relevantMemoriesForTask.limit", args.limit, 10, 100);
    const { found, ranked } = await findMemoriesForTask(deps, ctx.caller, { agentId, description, tags, limit });
    requireAgent(found, "relevantMemoriesForTask.agentId", agentId);
    return ranked.map((m) => toAgentMemory(m, m.relevance));
  };
}
