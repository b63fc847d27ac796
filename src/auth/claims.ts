import type { JWTPayload } from "jose";
import { ID_PATTERN as ID, ROLES, type Caller, type Role } from "../core/caller.js";
import type { CallerJwt } from "../core/requestContext.js";

/** Why a verified token still cannot identify a caller. */
export class ClaimsError extends Error {}

/** The claim that makes a token the gateway operator's (Caller.operator). */
export const OPERATOR_CLAIM = "operator";

export interface ClaimsOptions {
  /**
   * True only for tokens signed with the gateway's own secret: the one issuer
   * that may say `operator`. An external issuer (JWKS) speaks for tenants,
   * not for the gateway.
   */
  operatorTrusted: boolean;
}

/**
 * Maps verified claims to a caller: `sub` is the agent id, `tenant` its
 * tenant, `roles` any of agent/approver/admin (agent when absent). Unknown
 * roles are refused rather than ignored, so a typo never silently downgrades
 * or upgrades anyone. `operator: true` is accepted only when the token is
 * signed with the gateway's own secret; elsewhere, or with any other value,
 * the token is refused rather than the claim ignored.
 */
export function callerFromClaims(payload: JWTPayload, { operatorTrusted }: ClaimsOptions): Caller {
  const { sub } = payload;
  const tenant = payload.tenant;
  if (typeof sub !== "string" || !ID.test(sub)) throw new ClaimsError("claim sub must be an agent id");
  if (typeof tenant !== "string" || !ID.test(tenant)) throw new ClaimsError("claim tenant must be a tenant id");
  const raw = payload.roles ?? ["agent"];
  if (!Array.isArray(raw) || raw.some((r) => !ROLES.includes(r as Role))) {
    throw new ClaimsError(`claim roles must list only ${ROLES.join(", ")}`);
  }
  const roles = [...new Set(["agent", ...(raw as Role[])])] as Role[];
  const operator = payload[OPERATOR_CLAIM];
  if (operator === undefined) return { tenantId: tenant, agentId: sub, roles };
  if (operator !== true) throw new ClaimsError(`claim ${OPERATOR_CLAIM} must be true when present`);
  if (!operatorTrusted) throw new ClaimsError(`claim ${OPERATOR_CLAIM} is accepted only on tokens signed with the gateway's own secret`);
  return { tenantId: tenant, agentId: sub, roles, operator: true };
}

/** The JWT @neo4j/graphql's @authorization rules read (`$jwt.sub`, `$jwt.tenant`, `$jwt.roles`). */
export function jwtOf(caller: Caller): CallerJwt {
  return { sub: caller.agentId, tenant: caller.tenantId, roles: [...caller.roles] };
}
