/**
 * factInterval.ts read in Cypher, for the @cypher fields of Person and the
 * people tools (schema/expandCypherFields.ts writes them in): a fact
 * relationship (`r` unless named) and instants as epoch milliseconds (a
 * Cypher expression), so an instant given with an offset compares as the
 * instant it is. The bounds are the same as factInterval's: validFrom /
 * validUntil when set, else the partial dates `2019`, `2019-3`, `2019-03-14`
 * read as the start and the end of the period they name (with Date.UTC's
 * carry: month 13 is January of the next year), else open; a PREVIOUSLY with
 * no known end ended by the time it was recorded. Free text that only
 * JavaScript's Date.parse reads ("March 2020") is an open bound here.
 * tests/integration/cypherFields/personFields.test.ts and
 * tests/integration/tools/personToolFields.test.ts hold them to isValidAt,
 * isCurrent and toFactRecord.
 */

/** factInterval.ts's PARTIAL_DATE, matched against the trimmed text. */
const PARTIAL = "[0-9]{4}(-[0-9]{1,2}(-[0-9]{1,2})?)?";

/** The start (`start`) or exclusive end (`end`) of the period the partial date `text` names, in epoch ms: partialDate. */
function partialDateMs(text: string, edge: "start" | "end"): string {
  const parts = `split(trim(${text}), '-')`;
  const month = `coalesce(toInteger(${parts}[1]), 1)`;
  const day = `coalesce(toInteger(${parts}[2]), 1)`;
  const year = `datetime({year: toInteger(${parts}[0]), month: 1, day: 1, timezone: 'Z'})`;
  // Adding a duration carries past the month's and the year's ends as Date.UTC does, where a map of parts would fail.
  const months = edge === "start" ? `${month} - 1` : `CASE size(${parts}) WHEN 1 THEN 12 WHEN 2 THEN ${month} ELSE ${month} - 1 END`;
  const days = edge === "start" ? `${day} - 1` : `CASE size(${parts}) WHEN 3 THEN ${day} ELSE 0 END`;
  return `(${year} + duration({months: ${months}, days: ${days}})).epochMillis`;
}

/** When the fact began, in epoch ms; null when unknown (factInterval's `from`). */
export const factFromMs = (r = "r") =>
  `(CASE WHEN ${r}.validFrom IS NOT NULL THEN ${r}.validFrom.epochMillis WHEN trim(${r}.startDate) =~ '${PARTIAL}' THEN ${partialDateMs(`${r}.startDate`, "start")} END)`;

/** When the fact ended (exclusive), in epoch ms; null when it still holds (factInterval's `until`). */
export const factUntilMs = (r = "r") =>
  `(CASE WHEN ${r}.validUntil IS NOT NULL THEN ${r}.validUntil.epochMillis WHEN trim(${r}.endDate) =~ '${PARTIAL}' THEN ${partialDateMs(`${r}.endDate`, "end")} ` +
  `WHEN type(${r}) = 'PREVIOUSLY' THEN ${r}.createdAt.epochMillis END)`;

/** isValidAt(r, at): validFrom ≤ at < validUntil, unknown bounds open. */
export const factHeldAt = (atMs: string, r = "r") => `(coalesce(${factFromMs(r)} <= ${atMs}, true) AND coalesce(${atMs} < ${factUntilMs(r)}, true))`;

/** isCurrent(r, at): not a PREVIOUSLY, and not ended (a fact starting later is current too). */
export const factCurrentAt = (atMs: string, r = "r") => `(type(${r}) <> 'PREVIOUSLY' AND coalesce(${atMs} < ${factUntilMs(r)}, true))`;

/** The fact had not ended by `at` (its end unknown, or after it): a timeline's lower bound. */
export const factEndsAfter = (atMs: string, r = "r") => `coalesce(${factUntilMs(r)} > ${atMs}, true)`;

/** The fact began before `at` (its start unknown, or before it): a timeline's upper bound. */
export const factStartsBefore = (atMs: string, r = "r") => `coalesce(${factFromMs(r)} < ${atMs}, true)`;

/** timelineKey(r): its start, else when it was recorded, else last. */
export const factTimelineKey = (r = "r") => `coalesce(${factFromMs(r)}, ${r}.createdAt.epochMillis, 9007199254740991)`;

/** Transaction time: the fact had been recorded by `at` (a Cypher datetime) and not yet retracted then. */
export const factKnownAt = (at: string) => `((r.createdAt IS NULL OR r.createdAt <= ${at}) AND (r.retractedAt IS NULL OR ${at} < r.retractedAt))`;
