import type { Caller } from "../core/caller.js";
import { requireRole } from "../auth/policy.js";
import type { CypherToolMode } from "../config/config.js";
import { ForbiddenError } from "../errors/errors.js";

/**
 * Raw Cypher is not tenant-scoped: whoever runs it reads the whole database,
 * every tenant included. So only admins may, and CYPHER_TOOL=off turns the
 * tool off for everyone. Throws FORBIDDEN.
 */
export function requireCypherAccess(mode: CypherToolMode, caller: Caller): void {
  if (mode === "off") throw new ForbiddenError("The Cypher tool is switched off on this gateway (CYPHER_TOOL=off)");
  requireRole(caller, "admin", "run Cypher");
}
