import { describe, expect, it } from "vitest";
import { clusterBySimilarity, medoid } from "../../../src/beliefs/clusterBySimilarity.js";
import { cosine } from "../../../src/embeddings/vectorMath.js";

const X = [1, 0, 0];
const Y = [0, 1, 0];
const nearX = [0.95, 0.1, 0];
const nearY = [0.1, 0.95, 0.05];

describe("clusterBySimilarity: experiences that say the same thing group together", () => {
  it("groups vectors above the threshold and keeps distant ones apart, in order of first member", () => {
    expect(clusterBySimilarity([X, Y, nearX, nearY], 0.9)).toEqual([[0, 2], [1, 3]]);
  });

  it("a threshold of 1 keeps every distinct vector alone; a threshold of -1 puts everything together", () => {
    expect(clusterBySimilarity([X, nearX, Y], 1)).toEqual([[0], [1], [2]]);
    expect(clusterBySimilarity([X, nearX, Y], -1)).toEqual([[0, 1, 2]]);
  });

  it("is deterministic: the same input gives the same clusters", () => {
    const input = [X, nearY, nearX, Y, [0.7, 0.7, 0]];
    expect(clusterBySimilarity(input, 0.8)).toEqual(clusterBySimilarity(input, 0.8));
  });

  it("no vectors, no clusters", () => {
    expect(clusterBySimilarity([], 0.8)).toEqual([]);
  });
});

describe("medoid and cosine", () => {
  it("the medoid is the member closest to the others", () => {
    const vectors = [[1, 0], [0.8, 0.6], [0.6, 0.8]];
    expect(medoid([0, 1, 2], vectors)).toBe(1);
  });

  it("cosine is 1 for the same direction, 0 for orthogonal or zero vectors, and refuses mixed dimensions", () => {
    expect(cosine([2, 0], [5, 0])).toBeCloseTo(1);
    expect(cosine(X, Y)).toBe(0);
    expect(cosine([0, 0], [1, 0])).toBe(0);
    expect(() => cosine([1], [1, 0])).toThrow(/dimensions/);
  });
});
