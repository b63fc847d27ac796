import * as chrono from "chrono-node";

/** Instants a clause's time words give, resolved against the message's timestamp. */
export interface ResolvedTime {
  validFrom?: string;
  validUntil?: string;
  /** The time words as said, kept as startDate/endDate text. */
  startText?: string;
  endText?: string;
}

const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };
const SEASON_START: Record<string, number> = { spring: 2, summer: 5, autumn: 8, fall: 8, winter: 11 };

const iso = (year: number, month: number, day = 1): string => new Date(Date.UTC(year, month, day)).toISOString();

function count(word: string): number | undefined {
  return /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word.toLowerCase()];
}

/** A duration said in a clause: "for three years", "been here 2 years", "for about six years", "spent 4 yrs". */
export function durationOf(clause: string): { months: number; text: string } | undefined {
  const m = /\b(?:for|been[\w\s]{0,12}?|spent)\s+(?:about|around|almost|nearly|over|roughly|like|some|close to)?\s*(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(years?|yrs?|months?)\b/i.exec(clause);
  const n = m ? count(m[1]!) : undefined;
  if (!m || n === undefined) return undefined;
  return { months: /^m/i.test(m[2]!) ? n : n * 12, text: m[0] };
}

/** A duration back from the message's time: when the fact started. */
function durationStart(clause: string, now: Date): ResolvedTime | undefined {
  const d = durationOf(clause);
  return d ? { validFrom: iso(now.getUTCFullYear(), now.getUTCMonth() - d.months), startText: d.text } : undefined;
}

/** "last spring", "in the autumn", "in the summer": the start of the (meteorological) season, the latest one not after the message. */
function season(clause: string, now: Date): ResolvedTime | undefined {
  const m = /\b(last|this|in the|in)\s+(spring|summer|autumn|fall|winter)\b/i.exec(clause);
  if (!m) return undefined;
  const start = SEASON_START[m[2]!.toLowerCase()]!;
  let year = now.getUTCFullYear();
  if (start > now.getUTCMonth()) year -= 1;
  return { validFrom: iso(year, start), startText: m[0] };
}

/** "from 2019 to 2022", "in 2023", "since 2019": years chrono leaves alone. */
function years(clause: string): ResolvedTime | undefined {
  const range = /\bfrom\s+((?:19|20)\d\d)\s+(?:to|until|till|-)\s+((?:19|20)\d\d)\b/i.exec(clause);
  if (range) return { validFrom: iso(Number(range[1]), 0), validUntil: iso(Number(range[2]), 0), startText: range[1], endText: range[2] };
  const single = /\b(?:in|since|from|until|till)\s+((?:19|20)\d\d)\b/i.exec(clause);
  return single ? { validFrom: iso(Number(single[1]), 0), startText: single[0] } : undefined;
}

/**
 * The clause's time, resolved against `timestamp`. Past by default: chrono's
 * "March" said in November is the March before, not the next one. A resolved
 * instant after the message means an announced plan; the caller decides.
 */
export function resolveTime(clause: string, timestamp: string): ResolvedTime {
  const now = new Date(timestamp);
  const own = years(clause) ?? season(clause, now) ?? durationStart(clause, now);
  if (own) return own;
  const [hit] = chrono.parse(clause, now);
  if (!hit) return {};
  const text = hit.text;
  if (/^(?:now|today|tonight|this morning)$/i.test(text)) return { validFrom: now.toISOString(), startText: text };
  let start = hit.start.date();
  const weekday = hit.start.isCertain("weekday") && !hit.start.isCertain("day");
  const future = /\bnext\b|\bin \d|\btomorrow\b/i.test(text);
  if (!hit.start.isCertain("year") && start > now && !future) {
    start = weekday ? new Date(start.getTime() - 7 * 86_400_000) : new Date(Date.UTC(start.getUTCFullYear() - 1, start.getUTCMonth(), start.getUTCDate()));
  }
  const precise = weekday || hit.start.isCertain("day") || /\b(?:yesterday|today|last night|this morning)\b/i.test(text);
  const monthly = hit.start.isCertain("month") || /\b(?:week|month)\b/i.test(text);
  const validFrom = precise ? iso(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()) : iso(start.getUTCFullYear(), monthly ? start.getUTCMonth() : 0);
  return { validFrom, startText: text };
}
