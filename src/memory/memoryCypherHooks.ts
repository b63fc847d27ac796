import type { CypherFieldHook, CypherFieldHooks } from "../core/cypherFieldHook.js";
import { limit as limitArg, text } from "../core/args.js";
import { ID_PATTERN } from "../core/caller.js";
import { idArg, notAnId } from "../core/idArgs.js";
import { MAX_AGENT_REF } from "./agentRef.js";

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

/**
 * Query.agentRelationships (get_agent_relationships) is a @cypher field: its
 * `agentId` is an id or a display name (agentRef.ts), checked as text of at
 * most 200 characters and trimmed, the caller when not given. The statement
 * takes it as `$agentRef`, and `$agentRefNotAnId`: what the id rule says of a
 * reference no agent answers to, as the field always answered one that is no
 * id either (null when it is one: the statement then says no agent has it).
 */
const agentRelationshipsHook: CypherFieldHook = async (run, args, context) => {
  const field = "agentRelationships.agentId";
  const ref = text(field, args.agentId ?? context.caller.agentId, MAX_AGENT_REF);
  return run({ ...context, cypherParams: { agentRef: ref, agentRefNotAnId: ID_PATTERN.test(ref) ? null : notAnId(field, ref) } });
};

/** The memory domain's hooks around its @cypher root fields. */
export const memoryCypherHooks: CypherFieldHooks = { agentMemories: agentMemoriesHook, agentRelationships: agentRelationshipsHook };
