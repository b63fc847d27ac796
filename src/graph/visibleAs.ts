import { VISIBLE_TO_CALLER } from "../auth/policy.js";
import { grantsCypher } from "../auth/readRule.js";

/** The Cypher variables the tools' queries bind nodes to: a closed set, so no text from outside enters Cypher. */
export type NodeVariable = "n" | "a" | "x" | "t" | "c" | "ch" | "other" | "involved" | "p" | "o" | "b" | "r" | "s" | "w" | "m" | "rule" | "byId";

/**
 * The READ rule (VISIBLE_TO_CALLER, written over `n`) for another variable of
 * the same query; pass `visibilityParams(caller)` as parameters.
 */
export function visibleAs(variable: NodeVariable): string {
  return VISIBLE_TO_CALLER.replace(/\bn\./g, `${variable}.`);
}

/**
 * The READ grants alone over `variable` (owner, SHARED, sharedWith), without an
 * admin's reach: for a write that attaches the caller's data to a node, which an
 * admin may read but must not make its own (another agent's PRIVATE person).
 */
export function grantedAs(variable: NodeVariable): string {
  return `(${grantsCypher().replace(/\bn\./g, `${variable}.`)})`;
}
