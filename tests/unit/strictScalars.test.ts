import { describe, expect, it } from "vitest";
import { dateTimeProblem } from "../../src/schema/strictScalars.js";

describe("dateTimeProblem: the DateTimes Neo4j's datetime() reads, and why the others are refused", () => {
  it.each([
    "2024-05-01",
    "2024-05-01T09:30",
    "2024-05-01T09:30:00Z",
    "2024-05-01T09:30:00.5+02:00",
    "2024-05-01T09:30:00.123456789-0530",
    "2024-05-01T09:30:00+01",
    "2024-02-29T00:00:00Z",
    "2000-02-29T00:00:00Z",
    "2024-05-01T09:30:00+02:00[Europe/Paris]",
    "2024-01-15T09:30:00+0100[Europe/Paris]",
    "2024-05-01T09:30:00Z[UTC]",
    "2024-05-01T09:30:00[UTC]",
    "+12024-01-01T00:00:00Z",
    "2024-12-31T23:59:59+18:00",
  ])("%s is one", (text) => expect(dateTimeProblem(text)).toBeNull());

  it.each([
    ["2024-13-45T99:99:99Z", /month 13/],
    ["2024-00-10", /month 00/],
    ["2023-02-29", /day 29: 2023-02 has days 01–28/],
    ["1900-02-29", /day 29/],
    ["2024-04-31", /day 31: 2024-04 has days 01–30/],
    ["2024-01-00", /day 00/],
    ["2024-01-01T24:00", /hour 24/],
    ["2024-01-01T10:60", /minute 60/],
    ["2024-01-01T10:00:60", /second 60/],
    ["2024-01-01T10:00:00+18:01", /offset \+18:01/],
    ["2024-01-01T10:00:00+05:75", /offset/],
    ["2024-01-01T10:00:00Z[Nowhere/Land]", /unknown time zone/],
    ["2024-05-01T09:30:00+01:00[Europe/Paris]", /offset \+01:00 where Europe\/Paris was at \+02:00/],
    ["1", /ISO 8601/],
    ["May 1 2024", /ISO 8601/],
    ["2024-05-01T09:30:00.1234567890Z", /ISO 8601/],
    ["2024-05-01T09:30:00,5Z", /ISO 8601/],
    ["12024-01-01", /ISO 8601/],
    ["", /ISO 8601/],
  ])("%s is not: %s", (text, why) => expect(dateTimeProblem(text)).toMatch(why));
});
