import { visibilityParams } from "../auth/policy.js";
import type { RequestContext } from "../core/requestContext.js";
import { cypherInt } from "../graph/readQuery.js";
import { executor } from "../graph/executor.js";
import { onlyRow } from "../graph/statement.js";
import { idArg } from "../core/idArgs.js";
import { limit as limitArg } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";
import { MATCH_AGENT, requireAgent } from "./agentScope.js";
import { MEMORY_PROJECTION, toAgentMemory, toStoredMemory } from "./memoryRecord.js";

export interface AgentMemoriesArgs {
  agentId: string;
  type?: string | null;
  limit?: number | null;
}

const CYPHER = `
  ${MATCH_AGENT}
  CALL (a) {
    MATCH (a)-[:REMEMBERS]->(n:Memory) WHERE ${visibleAs("n")} AND ($type IS NULL OR n.type = $type)
    WITH n ORDER BY n.importance DESC, n.createdAt DESC LIMIT $limit
    RETURN collect(${MEMORY_PROJECTION}) AS memories
  }
  RETURN a IS NOT NULL AS found, memories`;

/** `Query.agentMemories` (the Discord agent squad's get_agent_memories): most important, then newest, first. */
export function agentMemoriesResolver(deps: AppDeps) {
  return async (_: unknown, args: AgentMemoriesArgs, ctx: RequestContext) => {
    const agentId = idArg("agentMemories.agentId", args.agentId);
    const limit = limitArg("agentMemories.limit", args.limit, 10, 100);
    const row = onlyRow(
      await executor(deps).read({
        cypher: CYPHER,
        params: { ...visibilityParams(ctx.caller), agentId, type: args.type ?? null, limit: cypherInt(limit) },
        decode: (r) => ({ found: r.boolean("found"), memories: r.rows("memories").map((m) => toAgentMemory(toStoredMemory(m))) }),
      }),
    );
    requireAgent(row.found, "agentMemories.agentId", agentId);
    return row.memories;
  };
}
