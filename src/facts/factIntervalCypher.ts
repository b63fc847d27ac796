/**
 * factInterval.ts read in Cypher, over a fact relationship `r` and an instant
 * `at` (a Cypher datetime expression), for the @cypher fields of Person. The
 * bounds are the same: validFrom/validUntil when set, else the partial dates
 * `2019`, `2019-03`, `2019-03-14` as the start and the end of the period they
 * name (compared as text prefixes, which is exact for zero-padded dates), else
 * open; a PREVIOUSLY with no known end ended by the time it was recorded.
 * Free-text dates Cypher cannot read count as unknown (open) bounds.
 * tests/integration/people/personCypherFields.test.ts holds it to isValidAt and isCurrent.
 */
const PARTIAL = "[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?";
const prefixOf = (at: string, text: string) => `substring(toString(${at}), 0, size(${text}))`;

/** The fact had started by `at`: validFrom ≤ at. */
const startedBy = (at: string) =>
  `(CASE WHEN r.validFrom IS NOT NULL THEN r.validFrom <= ${at} WHEN r.startDate =~ '${PARTIAL}' THEN r.startDate <= ${prefixOf(at, "r.startDate")} ELSE true END)`;

/** The fact had not ended at `at`: at < validUntil. */
const notEndedAt = (at: string) =>
  `(CASE WHEN r.validUntil IS NOT NULL THEN ${at} < r.validUntil WHEN r.endDate =~ '${PARTIAL}' THEN ${prefixOf(at, "r.endDate")} <= r.endDate ` +
  `WHEN type(r) = 'PREVIOUSLY' THEN r.createdAt IS NULL OR ${at} < r.createdAt ELSE true END)`;

/** isValidAt(r, at). */
export const factHeldAt = (at: string) => `(${startedBy(at)} AND ${notEndedAt(at)})`;

/** isCurrent(r, at): not a PREVIOUSLY, and not ended (a fact starting later is current too). */
export const factCurrentAt = (at: string) => `(type(r) <> 'PREVIOUSLY' AND ${notEndedAt(at)})`;

/** Transaction time: the fact had been recorded by `at` and not yet retracted then. */
export const factKnownAt = (at: string) => `((r.createdAt IS NULL OR r.createdAt <= ${at}) AND (r.retractedAt IS NULL OR ${at} < r.retractedAt))`;
