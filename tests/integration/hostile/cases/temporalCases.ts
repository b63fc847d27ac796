import { bad, NO_ERROR, row, type HostileCase } from "../../../support/hostile/hostileCase.js";

const CREATE_LITERAL = (at: string) => `mutation { createMemories(input: [{ type: OBSERVATION, content: "t", occurredAt: "${at}" }]) { memories { id } } }`;
const FILTER_LITERAL = (at: string) => `{ memories(where: { createdAt: { gt: "${at}" } }) { id } }`;
const CREATE_VARIABLE = "mutation ($at: DateTime) { createMemories(input: [{ type: OBSERVATION, content: \"t\", occurredAt: $at }]) { memories { id } } }";
const FILTER_VARIABLE = "query ($at: DateTime) { memories(where: { createdAt: { gt: $at } }) { id } }";

/**
 * DateTimes the database cannot read are the client's error (before, a literal
 * reached Neo4j and came back as INTERNAL_SERVER_ERROR), in creates and in
 * read filters, as literals and as variables.
 */
export const temporalCases: HostileCase[] = [
  row("a DateTime 2024-13-45T99:99:99Z written inline in a create", CREATE_LITERAL("2024-13-45T99:99:99Z"), undefined, bad(/DateTime "2024-13-45T99:99:99Z" has month 13/, undefined, 400)),
  row("a DateTime with month 13 inline in a read filter", FILTER_LITERAL("2024-13-01T00:00:00Z"), undefined, bad(/has month 13: months are 01–12/, undefined, 400)),
  row("a DateTime with month 13 as a create variable", CREATE_VARIABLE, { at: "2024-13-01T00:00:00Z" }, bad(/Variable "\$at" got invalid value .*has month 13/, undefined, 400)),
  row("February 30th", FILTER_VARIABLE, { at: "2023-02-30T00:00:00Z" }, bad(/has day 30: 2023-02 has days 01–28/)),
  row("February 29th of a year that is not a leap year", CREATE_LITERAL("2023-02-29"), undefined, bad(/has day 29/)),
  row("hour 24", FILTER_VARIABLE, { at: "2024-01-01T24:00:00Z" }, bad(/has hour 24/)),
  row("a leap second", FILTER_VARIABLE, { at: "2024-01-01T23:59:60Z" }, bad(/has second 60/)),
  row("an offset beyond 18 hours", FILTER_VARIABLE, { at: "2024-01-01T00:00:00+19:00" }, bad(/offsets are within ±18:00/)),
  row("an unknown time zone name", FILTER_VARIABLE, { at: "2024-01-01T00:00:00[Mars/Olympus_Mons]" }, bad(/unknown time zone Mars\/Olympus_Mons/)),
  row('"1", which JavaScript\'s Date reads as 2001', FILTER_VARIABLE, { at: "1" }, bad(/must be an ISO 8601 date-time/)),
  row("a date-time with a space instead of T", FILTER_VARIABLE, { at: "2024-01-01 10:00:00" }, bad(/must be an ISO 8601 date-time/)),
  row("a Cypher fragment as a DateTime", FILTER_VARIABLE, { at: "2024-01-01') RETURN 1 //" }, bad(/must be an ISO 8601 date-time/)),
  row("February 29th 2024 with an offset and a zone is a DateTime (the control)", FILTER_VARIABLE, { at: "2024-02-29T10:00:00.123456789+01:00[Europe/Paris]" }, NO_ERROR),
  row("a date alone is a DateTime (the control)", FILTER_LITERAL("2024-05-01"), undefined, NO_ERROR),
];
