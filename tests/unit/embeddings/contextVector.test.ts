import { describe, expect, it } from "vitest";
import { contextVector } from "../../../src/embeddings/contextVector.js";
import { unitCosine } from "../../../src/embeddings/vectorMath.js";

describe("derived contextual vector", () => {
  it("is the unit-length sum of a turn's vector and its predecessor's", () => {
    const v = contextVector([1, 0], [0, 1])!;
    expect(v[0]).toBeCloseTo(Math.SQRT1_2);
    expect(v[1]).toBeCloseTo(Math.SQRT1_2);
    expect(unitCosine(v, v)).toBeCloseTo(1);
  });

  it("is as close to the turn as to its predecessor", () => {
    const own = [0.6, 0.8, 0];
    const previous = [0, 0.6, 0.8];
    const v = contextVector(own, previous)!;
    expect(unitCosine(v, own)).toBeCloseTo(unitCosine(v, previous));
  });

  it("is null without a predecessor, with one of another size, or when the two cancel out", () => {
    expect(contextVector([1, 0], null)).toBeNull();
    expect(contextVector([1, 0], [1, 0, 0])).toBeNull();
    expect(contextVector([1, 0], [-1, 0])).toBeNull();
  });
});
