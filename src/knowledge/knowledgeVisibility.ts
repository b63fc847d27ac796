import { VISIBLE_TO_CALLER } from "../auth/policy.js";

/** Cypher variables the knowledge queries bind nodes to: a closed set, so no outside text enters Cypher. */
export type KnowledgeVariable = "n" | "r" | "c" | "a" | "s" | "t" | "w" | "rule" | "m";

/**
 * The READ rule (VISIBLE_TO_CALLER, written over `n`) for one of the knowledge
 * queries' variables; pass `visibilityParams(caller)` as parameters.
 */
export function visibleKnowledge(variable: KnowledgeVariable): string {
  return VISIBLE_TO_CALLER.replace(/\bn\./g, `${variable}.`);
}
