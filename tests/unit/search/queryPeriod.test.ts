import { describe, expect, it } from "vitest";
import { inPeriod, queryPeriod } from "../../../src/search/ranking/queryPeriod.js";

const NOW = new Date("2026-11-27T00:00:00Z");
const at = (iso: string) => new Date(iso);

describe("the period a query names", () => {
  it("reads a day, a month of a year, and a year", () => {
    expect(queryPeriod("What did Gina find on 1 February, 2023?", NOW)).toEqual({ kind: "span", from: at("2023-02-01T00:00:00Z"), to: at("2023-02-02T00:00:00Z") });
    expect(queryPeriod("What setback did Melanie face in October 2023?", NOW)).toEqual({ kind: "span", from: at("2023-10-01T00:00:00Z"), to: at("2023-11-01T00:00:00Z") });
    expect(queryPeriod("How many times has she gone to the beach in 2023?", NOW)).toEqual({ kind: "span", from: at("2023-01-01T00:00:00Z"), to: at("2024-01-01T00:00:00Z") });
  });

  it("takes a month without a year as that month of any year", () => {
    expect(queryPeriod("When did Melanie go camping in June?", NOW)).toEqual({ kind: "month", month: 5 });
  });

  it("resolves relative words against now", () => {
    expect(queryPeriod("What did she do last year?", NOW)).toEqual({ kind: "span", from: at("2025-01-01T00:00:00Z"), to: at("2026-01-01T00:00:00Z") });
  });

  it("names none for a query without time, or with only a time of day", () => {
    expect(queryPeriod("When did Caroline go to the support group?", NOW)).toBeNull();
    expect(queryPeriod("What happened at 5 pm?", NOW)).toBeNull();
  });
});

describe("in the period", () => {
  const october = queryPeriod("in October 2023", NOW);
  const june = queryPeriod("in June", NOW);

  it("counts what happened in the span, and within the slack after it", () => {
    expect(inPeriod(at("2023-10-15T10:00:00Z"), october, 0)).toBe(true);
    expect(inPeriod(at("2023-11-05T10:00:00Z"), october, 0)).toBe(false);
    expect(inPeriod(at("2023-11-05T10:00:00Z"), october, 7)).toBe(true);
    expect(inPeriod(at("2023-09-30T10:00:00Z"), october, 30)).toBe(false);
  });

  it("matches a month of any year", () => {
    expect(inPeriod(at("2022-06-10T00:00:00Z"), june, 0)).toBe(true);
    expect(inPeriod(at("2023-06-30T00:00:00Z"), june, 0)).toBe(true);
    expect(inPeriod(at("2023-07-05T00:00:00Z"), june, 7)).toBe(true);
    expect(inPeriod(at("2023-08-05T00:00:00Z"), june, 7)).toBe(false);
  });

  it("is false without a period or a time", () => {
    expect(inPeriod(at("2023-10-15T10:00:00Z"), null, 30)).toBe(false);
    expect(inPeriod(null, october, 30)).toBe(false);
  });
});
