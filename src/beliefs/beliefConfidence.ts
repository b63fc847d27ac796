/**
 * How sure a belief formed by consolidation is, from the experiences behind it.
 *
 *   confidence(support, against) = (1 − 0.5 · 0.7^(support − 1)) · support / (support + against), at most 0.95
 *
 * One experience gives 0.5; each further one removes 30 % of the remaining
 * doubt (2 → 0.65, 3 → 0.755, 4 → 0.829, 5 → 0.88), never certainty; contrary
 * experiences scale it down by the share of the evidence that supports it.
 * Pure.
 */
export function confidenceFromSupport(support: number, against = 0): number {
  if (!Number.isInteger(support) || support < 1) throw new Error(`support must be a positive integer, got ${support}`);
  if (!Number.isInteger(against) || against < 0) throw new Error(`against must be a non-negative integer, got ${against}`);
  const fromSupport = Math.min(MAX_CONFIDENCE, 1 - 0.5 * 0.7 ** (support - 1));
  return round(fromSupport * (support / (support + against)));
}

/** Consolidation never claims more than this. */
export const MAX_CONFIDENCE = 0.95;

/**
 * How much support a belief has gathered, 0..1: support / (support + 3), so one
 * experience gives 0.25, three 0.5, nine 0.75. Pure.
 */
export function strengthFromSupport(support: number): number {
  return round(support / (support + 3));
}

const round = (x: number) => Math.round(x * 1000) / 1000;
