import { VISIBLE_TO_CALLER } from "../auth/policy.js";

/** The Cypher variables the tools' queries bind nodes to: a closed set, so no text from outside enters Cypher. */
export type NodeVariable = "n" | "a" | "x" | "t" | "c" | "ch" | "other" | "involved" | "p" | "o" | "b" | "r" | "s" | "w" | "m" | "rule";

/**
 * The READ rule (VISIBLE_TO_CALLER, written over `n`) for another variable of
 * the same query; pass `visibilityParams(caller)` as parameters.
 */
export function visibleAs(variable: NodeVariable): string {
  return VISIBLE_TO_CALLER.replace(/\bn\./g, `${variable}.`);
}
