import { describe, expect, it } from "vitest";
import { confidenceFromSupport, MAX_CONFIDENCE, strengthFromSupport } from "../../../src/beliefs/beliefConfidence.js";

describe("confidenceFromSupport: confidence grows with support and falls with contrary evidence", () => {
  it("follows the documented formula: 0.5, 0.65, 0.755, 0.829, 0.88", () => {
    expect([1, 2, 3, 4, 5].map((n) => confidenceFromSupport(n))).toEqual([0.5, 0.65, 0.755, 0.829, 0.88]);
  });

  it("grows strictly with support and never exceeds the cap", () => {
    const values = Array.from({ length: 30 }, (_, i) => confidenceFromSupport(i + 1));
    for (let i = 1; i < values.length; i++) expect(values[i]!).toBeGreaterThanOrEqual(values[i - 1]!);
    expect(Math.max(...values)).toBe(MAX_CONFIDENCE);
  });

  it("contrary experiences scale it by the supporting share", () => {
    expect(confidenceFromSupport(3, 1)).toBeCloseTo(0.755 * 0.75, 3);
    expect(confidenceFromSupport(1, 1)).toBe(0.25);
    expect(confidenceFromSupport(2, 0)).toBeGreaterThan(confidenceFromSupport(2, 2));
  });

  it("refuses support below 1 or non-integer counts", () => {
    expect(() => confidenceFromSupport(0)).toThrow(/positive integer/);
    expect(() => confidenceFromSupport(1.5)).toThrow(/positive integer/);
    expect(() => confidenceFromSupport(2, -1)).toThrow(/non-negative/);
  });
});

describe("strengthFromSupport", () => {
  it("is support / (support + 3): 0.25 for one, 0.5 for three, 0.75 for nine", () => {
    expect([1, 3, 9].map(strengthFromSupport)).toEqual([0.25, 0.5, 0.75]);
  });
});
