import { BadUserInputError } from "../errors/errors.js";
import { visibleAs } from "../graph/visibleAs.js";

/** Binds `a` to the agent `$agentId` of the caller's tenant if the caller may read it (null otherwise). */
export const MATCH_AGENT = `OPTIONAL MATCH (a:Agent {tenantId: $callerTenant, id: $agentId}) WHERE ${visibleAs("a")}`;

/** An unknown (or unreadable) agent is bad input naming the argument, as the acceptance criteria ask. */
export function requireAgent(found: unknown, field: string, agentId: string): void {
  if (found !== true) throw new BadUserInputError(`${field}: no agent "${agentId}" in this tenant`, field);
}
