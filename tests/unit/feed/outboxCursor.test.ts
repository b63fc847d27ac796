import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "../../../src/feed/outboxCursor.js";

describe("the feed cursor", () => {
  it("round-trips a sequence number", () => {
    for (const seq of [0, 1, 42, 9_007_199_254_740]) expect(decodeCursor("after", encodeCursor(seq))).toBe(seq);
  });

  it("reads an absent cursor as none", () => {
    expect(decodeCursor("after", undefined)).toBeNull();
    expect(decodeCursor("after", null)).toBeNull();
  });

  it("refuses anything it did not give out with BAD_USER_INPUT naming the argument", () => {
    for (const bad of ["", "-1", "01", "1.5", "1e3", " 1", "abc", "1234567890123456", "1; MATCH (n) DETACH DELETE n"]) {
      expect(() => decodeCursor("knowledgeFeed.after", bad), bad).toThrow(expect.objectContaining({ extensions: { code: "BAD_USER_INPUT", field: "knowledgeFeed.after" } }));
    }
  });
});
