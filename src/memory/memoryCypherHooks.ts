import type { CypherFieldHook, CypherFieldHooks } from "../core/cypherFieldHook.js";
import { limit as limitArg } from "../core/args.js";
import { idArg } from "../core/idArgs.js";

/**
 * Query.agentMemories (the Discord agent squad's get_agent_memories) is a
 * @cypher field (schema/agent-memory-tools.graphql): its hook checks the
 * arguments as the tool always has, `agentId` (when given: absent, the
 * statement takes the caller) against the gateway's id pattern and `limit`
 * 1..100, each a BAD_USER_INPUT naming `agentMemories.<argument>`.
 */
const agentMemoriesHook: CypherFieldHook = async (run, args, context) => {
  if (args.agentId !== undefined && args.agentId !== null) idArg("agentMemories.agentId", args.agentId);
  limitArg("agentMemories.limit", args.limit, 10, 100);
  return run(context);
};

/** The memory domain's hooks around its @cypher root fields. */
export const memoryCypherHooks: CypherFieldHooks = { agentMemories: agentMemoriesHook };
