/**
 * When a fact holds, as numbers (epoch ms): from `validFrom`/`validUntil` when
 * set, else from the free-text `startDate`/`endDate` ("2019", "2019-03",
 * "2019-03-14"), read as the start of that period and the end of that period.
 * Pure.
 */
export interface Interval {
  /** Null: unknown start (held since before anything we know). */
  from: number | null;
  /** Exclusive; null: still holds. */
  until: number | null;
}

export interface TimedFact {
  type: string;
  validFrom?: string | null;
  validUntil?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  createdAt?: string | null;
}

const PARTIAL_DATE = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/;

/** Start (`edge: "start"`) or exclusive end (`edge: "end"`) of the period a partial date names; null if unreadable. */
export function partialDate(text: string | null | undefined, edge: "start" | "end"): number | null {
  if (!text) return null;
  const m = PARTIAL_DATE.exec(text.trim());
  if (!m) {
    const parsed = Date.parse(text);
    return Number.isNaN(parsed) ? null : parsed;
  }
  const [y, mo, d] = [Number(m[1]), m[2] ? Number(m[2]) : null, m[3] ? Number(m[3]) : null];
  if (edge === "start") return Date.UTC(y, (mo ?? 1) - 1, d ?? 1);
  if (d !== null) return Date.UTC(y, mo! - 1, d + 1);
  if (mo !== null) return Date.UTC(y, mo, 1);
  return Date.UTC(y + 1, 0, 1);
}

const instant = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
};

/**
 * The interval of a fact. A PREVIOUSLY fact with no known end had ended by the
 * time it was recorded, so its `createdAt` bounds it.
 */
export function factInterval(fact: TimedFact): Interval {
  const from = instant(fact.validFrom) ?? partialDate(fact.startDate, "start");
  let until = instant(fact.validUntil) ?? partialDate(fact.endDate, "end");
  if (until === null && fact.type === "PREVIOUSLY") until = instant(fact.createdAt);
  return { from, until };
}

/** Does the fact hold at `at`: validFrom ≤ at < validUntil, unknown bounds open. */
export function isValidAt(fact: TimedFact, at: Date): boolean {
  const { from, until } = factInterval(fact);
  const t = at.getTime();
  return (from === null || from <= t) && (until === null || t < until);
}

/** Is the fact still true now (not ended, not a PREVIOUSLY)? A fact starting later is current too: it is not over. */
export function isCurrent(fact: TimedFact, now: Date): boolean {
  if (fact.type === "PREVIOUSLY") return false;
  const { until } = factInterval(fact);
  return until === null || now.getTime() < until;
}

/** Do two intervals share a moment? Only known overlaps count: both starts must be known. */
export function knownOverlap(a: Interval, b: Interval): boolean {
  if (a.from === null || b.from === null) return false;
  const start = Math.max(a.from, b.from);
  const end = Math.min(a.until ?? Infinity, b.until ?? Infinity);
  return start < end;
}

/** The sort key of a timeline entry: its start, else when it was recorded. */
export function timelineKey(fact: TimedFact): number {
  return factInterval(fact).from ?? instant(fact.createdAt) ?? Number.MAX_SAFE_INTEGER;
}
