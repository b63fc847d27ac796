import type { JWTPayload } from "jose";
import { ID_PATTERN as ID, type Caller, type Role } from "../core/caller.js";
import type { CallerJwt } from "../core/requestContext.js";
const ROLES: readonly Role[] = ["agent", "approver", "admin"];

/** Why a verified token still cannot identify a caller. */
export class ClaimsError extends Error {}

/**
 * Maps verified claims to a caller: `sub` is the agent id, `tenant` its
 * tenant, `roles` any of agent/approver/admin (agent when absent). Unknown
 * roles are refused rather than ignored, so a typo never silently downgrades
 * or upgrades anyone.
 */
export function callerFromClaims(payload: JWTPayload): Caller {
  const { sub } = payload;
  const tenant = payload.tenant;
  if (typeof sub !== "string" || !ID.test(sub)) throw new ClaimsError("claim sub must be an agent id");
  if (typeof tenant !== "string" || !ID.test(tenant)) throw new ClaimsError("claim tenant must be a tenant id");
  const raw = payload.roles ?? ["agent"];
  if (!Array.isArray(raw) || raw.some((r) => !ROLES.includes(r as Role))) {
    throw new ClaimsError(`claim roles must list only ${ROLES.join(", ")}`);
  }
  const roles = [...new Set(["agent", ...(raw as Role[])])] as Role[];
  return { tenantId: tenant, agentId: sub, roles };
}

/** The JWT @neo4j/graphql's @authorization rules read (`$jwt.sub`, `$jwt.tenant`, `$jwt.roles`). */
export function jwtOf(caller: Caller): CallerJwt {
  return { sub: caller.agentId, tenant: caller.tenantId, roles: [...caller.roles] };
}
