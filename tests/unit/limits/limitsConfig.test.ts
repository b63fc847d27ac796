import { describe, expect, it } from "vitest";
import { defaultLimits } from "../../../src/config/config.js";
import { parseRateLimits } from "../../../src/config/sections/limits.js";

describe("defaultLimits", () => {
  it("limits retrieveContext to 10 per minute and every operation to 600", () => {
    const limits = defaultLimits("development");
    expect(limits.rateLimits).toEqual({ defaultPerMinute: 600, perField: { retrieveContext: 10 } });
    expect(limits).toMatchObject({ maxDepth: 12, maxCost: 5000, maxAliases: 15, maxTokens: 2000, maxDirectives: 10 });
  });

  it("blocks field suggestions in production only", () => {
    expect(defaultLimits("production").blockFieldSuggestions).toBe(true);
    expect(defaultLimits("development").blockFieldSuggestions).toBe(false);
  });
});

describe("parseRateLimits", () => {
  it("reads field=perMinute pairs, ignoring spaces and blank entries", () => {
    expect(parseRateLimits("retrieveContext=10,searchMemories=120")).toEqual({ retrieveContext: 10, searchMemories: 120 });
    expect(parseRateLimits(" retrieveContext = 5 , ,")).toEqual({ retrieveContext: 5 });
    expect(parseRateLimits("")).toEqual({});
  });

  it("names an entry without =", () => {
    expect(() => parseRateLimits("retrieveContext")).toThrowError('"retrieveContext" is not written as field=perMinute');
    expect(() => parseRateLimits("a=1=2")).toThrowError('"a=1=2" is not written as field=perMinute');
  });

  it("names an entry whose limit is not a whole number of at least 1", () => {
    for (const value of ["ten", "0", "-3", "2.5", "", "1e3", "99999999999999999999"]) {
      expect(() => parseRateLimits(`retrieveContext=${value}`)).toThrowError(
        `"retrieveContext=${value}": the limit must be a whole number of operations per minute, at least 1`,
      );
    }
  });

  it("names an entry whose field is not a root field name, __proto__ included", () => {
    expect(() => parseRateLimits("retrieve-context=10")).toThrowError('"retrieve-context" is not a root field name');
    expect(() => parseRateLimits("=10")).toThrowError('"" is not a root field name');
    expect(() => parseRateLimits("__proto__=10")).toThrowError('"__proto__" is not a root field name');
  });

  it("names a field given twice", () => {
    expect(() => parseRateLimits("a=1,a=2")).toThrowError('"a=2": a is given more than once');
  });

  it("reports every bad entry at once", () => {
    expect(() => parseRateLimits("a=x,ok=3,b")).toThrowError(
      'Invalid rate limits: "a=x": the limit must be a whole number of operations per minute, at least 1; "b" is not written as field=perMinute',
    );
  });
});
