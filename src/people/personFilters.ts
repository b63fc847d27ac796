import { factInterval, isValidAt, partialDate, timelineKey } from "../facts/index.js";
import type { FactRecord, FactRow } from "../facts/index.js";

/** Default fact types of a timeline (the chatbot memory service's get_person_timeline): the ones that happen in time. */
export const TIMELINE_TYPES = ["WORKS_AT", "PREVIOUSLY", "STUDIED_AT", "WORKING_ON", "ATTENDED_EVENT", "LIVES_IN"] as const;

/** Facts whose row is valid at `asOf` (all when asOf is null). Pure. */
export function validAt(rows: readonly FactRow[], facts: readonly FactRecord[], asOf: Date | null): FactRecord[] {
  return asOf ? facts.filter((_, i) => isValidAt(rows[i]!, asOf)) : [...facts];
}

/** Current facts first, then the most confident. Pure. */
export const byRelevance = (a: FactRecord, b: FactRecord) => Number(b.current) - Number(a.current) || b.confidence - a.confidence;

/**
 * The timeline: facts overlapping [startDate, endDate] (partial dates allowed;
 * an unknown bound overlaps), sorted by start, then by when they were
 * recorded. Pure.
 */
export function timeline(rows: readonly FactRow[], facts: readonly FactRecord[], startDate: string | null, endDate: string | null): FactRecord[] {
  const lo = partialDate(startDate, "start");
  const hi = partialDate(endDate, "end");
  return facts
    .map((fact, i) => ({ fact, row: rows[i]! }))
    .filter(({ row }) => {
      const { from, until } = factInterval(row);
      return (lo === null || until === null || until > lo) && (hi === null || from === null || from < hi);
    })
    .sort((a, b) => timelineKey(a.row) - timelineKey(b.row))
    .map(({ fact }) => fact);
}

/** Facts grouped by type in `order`, each group most relevant first; empty groups left out. Pure. */
export function groupByType(facts: readonly FactRecord[], order: readonly string[]): { type: string; facts: FactRecord[] }[] {
  return order
    .map((type) => ({ type, facts: facts.filter((f) => f.type === type).sort(byRelevance) }))
    .filter((g) => g.facts.length > 0);
}
