import type { RequestContext } from "../core/requestContext.js";
import { permissionsOf } from "../auth/permissions.js";
import type { Role as RoleValue } from "../generated/resolvers-types.js";

/** `Query.whoami`: the caller as its credentials say, without touching the database (the Agent node is a graph link). */
export function whoamiResolver() {
  return (_: unknown, __: unknown, ctx: RequestContext) => {
    const { caller } = ctx;
    return {
      agentId: caller.agentId,
      tenantId: caller.tenantId,
      roles: caller.roles.map((r) => r.toUpperCase() as RoleValue),
      operator: caller.operator === true,
      permissions: permissionsOf(caller),
    };
  };
}
