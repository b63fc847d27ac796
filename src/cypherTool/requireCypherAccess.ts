import type { Caller } from "../core/caller.js";
import type { CypherToolMode } from "../config/config.js";
import { ForbiddenError } from "../errors/errors.js";

/** The rule a refused caller is told about, in `extensions.rule`. */
export type CypherAccessRule = "CYPHER_TOOL_OFF" | "OPERATOR_ONLY";

/** Why this caller may not run Cypher, or null when it may. Pure. */
export function cypherAccessRefusal(mode: CypherToolMode, caller: Caller): CypherAccessRule | null {
  if (mode === "off") return "CYPHER_TOOL_OFF";
  if (mode === "tenant") return null;
  return caller.operator === true ? null : "OPERATOR_ONLY";
}

/** May this caller run Cypher? For offering the tool (the retrieval loop, MCP listings). */
export const mayRunCypher = (mode: CypherToolMode, caller: Caller) => cypherAccessRefusal(mode, caller) === null;

const MESSAGES: Record<CypherAccessRule, string> = {
  CYPHER_TOOL_OFF: "The Cypher tool is switched off on this gateway (CYPHER_TOOL=off)",
  OPERATOR_ONLY:
    "cypherQuery is operator-only on this gateway (CYPHER_TOOL=operator): no tenant role grants it, admin included. " +
    "The gateway's operator gets a token with `npm run operator-token` (docs/security.md)",
};

/**
 * Who may run Cypher. With CYPHER_TOOL=tenant (the default) every caller may:
 * a tenant's agent's query is rewritten to read only what it may read
 * (scopeCypher), the operator's reads the whole database. With `operator`
 * only the operator may (Caller.operator), and `off` turns the tool off for
 * everyone. Throws FORBIDDEN with `extensions.rule` naming why.
 */
export function requireCypherAccess(mode: CypherToolMode, caller: Caller): void {
  const rule = cypherAccessRefusal(mode, caller);
  if (rule) throw new ForbiddenError(MESSAGES[rule], { rule });
}
