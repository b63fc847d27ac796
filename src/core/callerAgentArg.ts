import type { RequestContext } from "./requestContext.js";

/**
 * A resolver whose `agentId` argument is optional in the SDL: not given (or
 * null), it names the caller, since an agent is its token's or API key's
 * subject. The resolver itself always sees an agent id; the checks of who may
 * act for that agent stay where they were.
 */
export function callerAgentArg<A extends { agentId?: string | null }, R>(
  resolve: (parent: unknown, args: Omit<A, "agentId"> & { agentId: string }, ctx: RequestContext) => R,
) {
  return (parent: unknown, args: A, ctx: RequestContext): R => resolve(parent, { ...args, agentId: args.agentId ?? ctx.caller.agentId }, ctx);
}
