import { describe, expect, it } from "vitest";
import { candidatePool, closenessOf, contextWeightOf, listDepth } from "../../../src/search/ranking/candidatePool.js";
import { fuseLists } from "../../../src/search/ranking/rankCandidates.js";

describe("list depth", () => {
  it("reads four times the limit, never fewer than 30 nor more than 200", () => {
    expect(listDepth(1)).toBe(30);
    expect(listDepth(20)).toBe(80);
    expect(listDepth(100)).toBe(200);
  });
});

describe("candidate pool", () => {
  const fused = new Map(Array.from({ length: 50 }, (_, i) => [`m${i}`, 50 - i]));

  it("keeps three times the limit (at least 30), best first", () => {
    const { pool } = candidatePool(fused, 5, 10, () => true);
    expect(pool).toHaveLength(30);
    expect(pool.slice(0, 3)).toEqual(["m0", "m1", "m2"]);
    expect(candidatePool(fused, 15, 10, () => true).pool).toHaveLength(45);
  });

  it("seeds expansion from the best hits that have neighbours, at most expansionSeeds and the limit", () => {
    expect(candidatePool(fused, 20, 4, () => true).seeds).toEqual(["m0", "m1", "m2", "m3"]);
    expect(candidatePool(fused, 2, 10, () => true).seeds).toEqual(["m0", "m1"]);
    expect(candidatePool(fused, 20, 4, (id) => id !== "m1").seeds).toEqual(["m0", "m2", "m3"]);
  });
});

describe("closeness", () => {
  it("mixes the own and contextual cosines by contextWeight", () => {
    expect(closenessOf(0.8, 0.4, 0)).toBeCloseTo(0.8);
    expect(closenessOf(0.8, 0.4, 1)).toBeCloseTo(0.4);
    expect(closenessOf(0.8, 0.4, 0.25)).toBeCloseTo(0.7);
  });

  it("counts the own cosine twice when there is no contextual vector", () => {
    expect(closenessOf(0.6, null, 0.75)).toBeCloseTo(0.6);
  });

  it("moves a long text passageShare of the way to its closest passage, only when that is closer", () => {
    expect(closenessOf(0.4, 0.4, 1, 0.8, 1)).toBeCloseTo(0.8);
    expect(closenessOf(0.4, 0.4, 1, 0.8, 0.25)).toBeCloseTo(0.5);
    expect(closenessOf(0.4, 0.4, 1, 0.8, 0)).toBeCloseTo(0.4);
    expect(closenessOf(0.4, 0.4, 1, 0.2, 1)).toBeCloseTo(0.4);
    expect(closenessOf(0.4, 0.4, 1, null, 1)).toBeCloseTo(0.4);
  });
});

describe("context weight after a long turn", () => {
  const options = { contextWeight: 1, afterLongContextWeight: 0, afterLongWords: 100 };

  it("mixes a turn after a turn longer than afterLongWords by afterLongContextWeight", () => {
    expect(contextWeightOf(101, options)).toBe(0);
    expect(closenessOf(0.8, 0.4, contextWeightOf(500, options))).toBeCloseTo(0.8);
  });

  it("keeps contextWeight after a turn of afterLongWords words or fewer, and when the length of the turn before is unknown", () => {
    expect(contextWeightOf(100, options)).toBe(1);
    expect(contextWeightOf(3, options)).toBe(1);
    expect(contextWeightOf(null, options)).toBe(1);
    expect(contextWeightOf(undefined, options)).toBe(1);
  });
});

describe("weighted list fusion", () => {
  const fulltext = [{ id: "a", rank: 1, score: 9 }];
  const vector = [{ id: "b", rank: 1, score: 0.9 }];

  it("weighs each kind of list on its own, so a heavier vector list puts its head first", () => {
    const fused = fuseLists({ fulltext, vector }, { rrfK: 10, fulltextWeight: 1, vectorWeight: 2 });
    expect(fused.get("a")).toBeCloseTo(1 / 11);
    expect(fused.get("b")).toBeCloseTo(2 / 11);
  });

  it("defaults to plain RRF with k 60", () => {
    const fused = fuseLists({ fulltext, vector });
    expect(fused.get("a")).toBeCloseTo(1 / 61);
    expect(fused.get("b")).toBeCloseTo(1 / 61);
  });

  it("adds the standing instructions' list by its own weight, and leaves it out at weight 0", () => {
    const standing = [{ id: "s", rank: 1, score: 0.7 }, { id: "b", rank: 2, score: 0.6 }];
    const fused = fuseLists({ fulltext, vector, standing }, { rrfK: 2, standingWeight: 0.5 });
    expect(fused.get("s")).toBeCloseTo(0.5 / 3);
    expect(fused.get("b")).toBeCloseTo(1 / 3 + 0.5 / 4);
    expect(fuseLists({ fulltext, vector, standing }, { rrfK: 2, standingWeight: 0 }).has("s")).toBe(false);
  });
});
