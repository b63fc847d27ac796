import { describe, expect, it } from "vitest";
import { DEFAULT_POOL_THRESHOLD, entryMinConfidence, joinsPool, poolVisibility } from "../../../src/beliefs/sharedPool.js";

describe("joinsPool: knowledge at or above the threshold joins the shared pool", () => {
  it("the six-agent squad's default threshold is 0.7", () => {
    expect(DEFAULT_POOL_THRESHOLD).toBe(0.7);
  });

  it("joins at exactly the threshold and above, not below", () => {
    expect(joinsPool(0.7, 0.7)).toBe(true);
    expect(joinsPool(0.95, 0.7)).toBe(true);
    expect(joinsPool(0.6999, 0.7)).toBe(false);
  });

  it("follows a configured threshold", () => {
    expect(joinsPool(0.85, 0.9)).toBe(false);
    expect(joinsPool(0.1, 0)).toBe(true);
  });

  it("knowledge without a confidence (null, NaN) never joins by itself", () => {
    expect(joinsPool(null, 0.7)).toBe(false);
    expect(joinsPool(undefined, 0)).toBe(false);
    expect(joinsPool(Number.NaN, 0)).toBe(false);
  });

  it("an entry records the threshold it was admitted at, or 0 for an owner's explicit share", () => {
    expect(entryMinConfidence("CONFIDENCE", 0.7)).toBe(0.7);
    expect(entryMinConfidence("SHARED_BY_OWNER", 0.7)).toBe(0);
  });
});

describe("poolVisibility: generated knowledge created at the threshold is written SHARED", () => {
  it("marks the created items that reach the threshold, and leaves the others as sent", () => {
    expect(poolVisibility([{ topic: "a", confidence: 0.7 }, { topic: "b", confidence: 0.69 }, { topic: "c" }], [false, false, false], 0.7)).toEqual([
      { topic: "a", confidence: 0.7, visibility: "SHARED" },
      { topic: "b", confidence: 0.69 },
      { topic: "c" },
    ]);
  });

  it("keeps a visibility the writer chose", () => {
    expect(poolVisibility([{ topic: "a", confidence: 0.9, visibility: "PRIVATE" }], [true], 0.7)).toEqual([{ topic: "a", confidence: 0.9, visibility: "PRIVATE" }]);
  });
});
