import { BadUserInputError } from "../errors/errors.js";
import { ID_PATTERN as AGENT_ID, LOCAL_AGENT, LOCAL_TENANT, type Caller } from "../core/caller.js";

/** Header a local client uses to say which agent it acts as. */
export const AGENT_HEADER = "x-mnemograph-agent";

/**
 * The caller of a request on the embedded, loopback-only default: one tenant,
 * the agent named by the `x-mnemograph-agent` header (or `local-dev`), with
 * every role, and the operator (see Caller.operator). Token authentication (issue 7) replaces this for anything that
 * is not a single developer's machine.
 */
export function identifyLocalCaller(agentHeader: string | string[] | undefined): Caller {
  const value = Array.isArray(agentHeader) ? agentHeader[0] : agentHeader;
  const agentId = value?.trim() || LOCAL_AGENT;
  if (!AGENT_ID.test(agentId)) {
    throw new BadUserInputError(`Header ${AGENT_HEADER} must be an agent id matching ${AGENT_ID.source}`, AGENT_HEADER);
  }
  // One tenant on one developer's machine, whose Neo4j it is: the caller is its operator too.
  return { tenantId: LOCAL_TENANT, agentId, roles: ["agent", "approver", "admin"], operator: true };
}
