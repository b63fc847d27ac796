import { hasRole } from "../auth/policy.js";
import type { Caller } from "../core/caller.js";
import { ID_PATTERN } from "../core/caller.js";
import { BadUserInputError, ForbiddenError } from "../errors/errors.js";

/**
 * The tenant a transfer reads or writes, once the caller may: an export holds
 * every agent's private data, and an import writes as every agent, so only an
 * admin of that tenant or the gateway's operator (any tenant) may. `tenantId`
 * defaults to the caller's. Throws BAD_USER_INPUT for a malformed tenant id,
 * FORBIDDEN with `extensions.rule` (TENANT_ADMIN_ONLY, OPERATOR_ONLY) else. Pure.
 */
export function transferTenant(caller: Caller, tenantId: unknown, field: string, action: string): string {
  const tenant = tenantId ?? caller.tenantId;
  if (typeof tenant !== "string" || !ID_PATTERN.test(tenant)) throw new BadUserInputError(`${field}: a tenant id (letters, digits, . _ : @ -; at most 128)`, field);
  if (caller.operator === true) return tenant;
  if (tenant !== caller.tenantId) throw new ForbiddenError(`Only the gateway's operator may ${action} another tenant`, { rule: "OPERATOR_ONLY" });
  if (!hasRole(caller, "admin")) {
    throw new ForbiddenError(`Only an admin of the tenant or the gateway's operator may ${action} it: it holds every agent's private data`, { rule: "TENANT_ADMIN_ONLY" });
  }
  return tenant;
}
