import * as chrono from "chrono-node";

/**
 * The time a query asks about ("in May 2023", "on 13 October, 2023", "last
 * year", "in 2023"): a span of instants, or a month of any year when the query
 * names a month without a year ("camping in June": every June the memories
 * hold, not only the current year's).
 */
export type QueryPeriod = { kind: "span"; from: Date; to: Date } | { kind: "month"; month: number };

const DAY_MS = 86_400_000;
const utc = (y: number, m: number, d = 1) => new Date(Date.UTC(y, m, d));

/**
 * Reads the period a query names, resolved against `now`; null when it names
 * none, or only a time of day or a weekday (too vague to favour memories by). Pure.
 */
export function queryPeriod(query: string, now: Date): QueryPeriod | null {
  const [hit] = chrono.parse(query, now);
  if (hit) {
    const s = hit.start;
    const d = s.date();
    const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
    if (s.isCertain("month") && !s.isCertain("year")) return { kind: "month", month: m };
    if (s.isCertain("day") && s.isCertain("month")) return { kind: "span", from: utc(y, m, d.getUTCDate()), to: utc(y, m, d.getUTCDate() + 1) };
    if (s.isCertain("month")) return { kind: "span", from: utc(y, m), to: utc(y, m + 1) };
    if (s.isCertain("year")) return { kind: "span", from: utc(y, 0), to: utc(y + 1, 0) };
  }
  const year = /\b(?:in|during|of|since)\s+((?:19|20)\d\d)\b/i.exec(query);
  return year ? { kind: "span", from: utc(Number(year[1]), 0), to: utc(Number(year[1]) + 1, 0) } : null;
}

/**
 * Did a memory happen in the period, or within `slackDays` after it (people
 * tell of things a little after they happen)? Pure.
 */
export function inPeriod(occurredAt: Date | null, period: QueryPeriod | null, slackDays: number): boolean {
  if (!occurredAt || !period) return false;
  const t = occurredAt.getTime();
  const within = (from: Date, to: Date) => t >= from.getTime() && t < to.getTime() + slackDays * DAY_MS;
  if (period.kind === "span") return within(period.from, period.to);
  const y = occurredAt.getUTCFullYear();
  return [y, y - 1].some((year) => within(utc(year, period.month), utc(year, period.month + 1)));
}
