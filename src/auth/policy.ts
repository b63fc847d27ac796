import { ForbiddenError } from "../errors/errors.js";
import type { Caller, Role } from "../core/caller.js";
import { grantsCypher, grantsRead, type ReadableFields } from "./readRule.js";

/**
 * Role checks for hand-written resolvers, tools and subscriptions — the same
 * decisions the @authorization rules (accessRules.ts) make for generated CRUD.
 */
export function hasRole(caller: Caller, role: Role): boolean {
  return caller.roles.includes(role);
}

/** Throws FORBIDDEN naming the missing role. */
export function requireRole(caller: Caller, role: Role, action: string): void {
  if (!hasRole(caller, role)) throw new ForbiddenError(`Only an ${role} may ${action}`);
}

/** The fields of an owned node that decide who may read it. */
export interface OwnedFields {
  tenantId: string;
  ownerId: string;
  visibility: "PRIVATE" | "SHARED";
  sharedWith?: readonly string[] | null;
}

/** May this caller read this node? Mirrors the READ filter of OWNED_RULES. Takes any visibility text: only SHARED grants. */
export function canRead(caller: Caller, node: { tenantId: string } & ReadableFields): boolean {
  if (node.tenantId !== caller.tenantId) return false;
  if (hasRole(caller, "admin")) return true;
  return grantsRead(caller.agentId, node);
}

/** May this caller change or delete this node? Mirrors the UPDATE/DELETE filter of OWNED_RULES. */
export function canWrite(caller: Caller, node: OwnedFields): boolean {
  if (node.tenantId !== caller.tenantId) return false;
  return hasRole(caller, "admin") || node.ownerId === caller.agentId;
}

/**
 * The READ rule as a Cypher predicate over the node variable `node` (Cypher
 * text: a plain or backtick-quoted name); pass `visibilityParams(caller)` as
 * its parameters. Written once, used by every tool, and by the tenant-scoped
 * `cypherQuery` on every node pattern of an agent's query.
 */
export const visibleToCaller = (node: string) => `(${node}.tenantId = $callerTenant AND ($callerIsAdmin OR ${grantsCypher(undefined, "$callerAgent", node)}))`;

/** The READ rule over `n` (visibleToCaller). */
export const VISIBLE_TO_CALLER = visibleToCaller("n");

/**
 * The same READ rule over `n` for the @cypher fields of the SDL: @neo4j/graphql
 * hands their statements the caller's JWT as `$jwt` (claims.ts jwtOf: sub,
 * tenant, roles), the claims the @authorization filters read.
 */
export const VISIBLE_TO_JWT = `(n.tenantId = $jwt.tenant AND ('admin' IN coalesce($jwt.roles, []) OR ${grantsCypher(undefined, "$jwt.sub")}))`;

/** The parameters of the READ rule's Cypher (visibleToCaller), from the caller. */
export function visibilityParams(caller: Caller) {
  return { callerTenant: caller.tenantId, callerAgent: caller.agentId, callerIsAdmin: hasRole(caller, "admin") };
}
