import { NUMBER_ATTRIBUTES, TEXT_ATTRIBUTES, type FactAttributes } from "./factTypes.js";

/** Most evidence ids kept on one fact (the SDL's `Fact.evidence` maxItems). */
export const MAX_EVIDENCE = 200;

/**
 * Confidence of a fact shown twice by independent evidence: noisy-or,
 * 1 − (1 − a)(1 − b), capped at 1. Two 0.6 assertions give 0.84: repeated
 * evidence raises confidence but never past certainty, and never lowers it.
 */
export function noisyOr(a: number, b: number): number {
  return Math.min(1, 1 - (1 - a) * (1 - b));
}

/** Evidence ids of both, each once, in first-seen order; the newest kept when over MAX_EVIDENCE. */
export function unionEvidence(a: readonly string[], b: readonly string[]): string[] {
  const all = [...new Set([...a, ...b])];
  return all.length > MAX_EVIDENCE ? all.slice(all.length - MAX_EVIDENCE) : all;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Text attributes both sides set to different values: `role: "Engineer" vs "Manager"`. */
export function conflictingAttributes(a: FactAttributes, b: FactAttributes): string[] {
  return TEXT_ATTRIBUTES.filter((k) => a[k] !== null && b[k] !== null && !same(a[k]!, b[k]!)).map(
    (k) => `${k}: "${a[k]}" vs "${b[k]}"`,
  );
}

/**
 * Attributes of a fact asserted again: text the old fact lacked is filled in,
 * numbers take the newer value, `extra` keys are merged with the newer winning.
 * Called only when `conflictingAttributes` found nothing.
 */
export function mergeAttributes(old: FactAttributes, next: FactAttributes): FactAttributes {
  const merged: FactAttributes = { ...old };
  for (const k of TEXT_ATTRIBUTES) merged[k] = old[k] ?? next[k];
  for (const k of NUMBER_ATTRIBUTES) merged[k] = next[k] ?? old[k];
  merged.extra = old.extra || next.extra ? { ...(old.extra ?? {}), ...(next.extra ?? {}) } : null;
  return merged;
}
