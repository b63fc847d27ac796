const DAY_MS = 24 * 60 * 60 * 1000;

/** How recency, importance and confidence scale a fused score. */
export interface WeightingOptions {
  /** Younger than this counts fully (the Discord agent squad: "older than 30 days is less relevant"). */
  freshDays: number;
  /** Beyond `freshDays`, the weight halves every `halfLifeDays`… */
  halfLifeDays: number;
  /** …but never drops below this floor: old memories stay findable. */
  recencyFloor: number;
  /** Share of the score that importance and confidence can move (0: ignored, 1: fully proportional). */
  importanceShare: number;
  confidenceShare: number;
}

export const DEFAULT_WEIGHTING: WeightingOptions = {
  freshDays: 30,
  halfLifeDays: 90,
  recencyFloor: 0.6,
  importanceShare: 0.5,
  confidenceShare: 0.5,
};

/** 1 for the fresh, then an exponential decay to the floor. Pure. */
export function recencyWeight(occurredAt: Date | null, now: Date, options: WeightingOptions = DEFAULT_WEIGHTING): number {
  if (!occurredAt) return 1;
  const ageDays = (now.getTime() - occurredAt.getTime()) / DAY_MS;
  if (ageDays <= options.freshDays) return 1;
  const decayed = Math.pow(0.5, (ageDays - options.freshDays) / options.halfLifeDays);
  return Math.max(options.recencyFloor, decayed);
}

/** `1 - share + share * value`: a value of 1 keeps the score, 0 takes `share` of it away. Pure. */
export function shareWeight(value: number | null | undefined, share: number): number {
  const v = typeof value === "number" && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;
  return 1 - share + share * v;
}
