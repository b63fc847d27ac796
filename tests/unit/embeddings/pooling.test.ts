import { describe, expect, it } from "vitest";
import { normalize, poolAndNormalize } from "../../../src/embeddings/pooling.js";

describe("pooling", () => {
  // Two inputs, three token positions, two dimensions; the second input has one padding token.
  const hidden = Float32Array.from([3, 4, 1, 1, 9, 9, /* second */ 0, 2, 2, 0, 100, 100]);
  const mask = [
    [1, 1, 1],
    [1, 1, 0],
  ];

  it("mean pooling averages the real tokens only, then normalises", () => {
    const [a, b] = poolAndNormalize(hidden, [2, 3, 2], mask, "mean");
    expect(a).toEqual(normalize([13 / 3, 14 / 3]));
    expect(b![0]).toBeCloseTo(Math.SQRT1_2);
    expect(b![1]).toBeCloseTo(Math.SQRT1_2);
  });

  it("CLS pooling takes the first token, then normalises", () => {
    const [a, b] = poolAndNormalize(hidden, [2, 3, 2], mask, "cls");
    expect(a![0]).toBeCloseTo(0.6);
    expect(a![1]).toBeCloseTo(0.8);
    expect(b).toEqual([0, 1]);
  });

  it("leaves a zero vector alone", () => {
    expect(normalize([0, 0])).toEqual([0, 0]);
  });
});
