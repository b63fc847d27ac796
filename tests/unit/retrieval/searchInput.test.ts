import { describe, expect, it } from "vitest";
import { parseSearchInput, type SearchMemoriesArgs } from "../../../src/search/searchInput.js";

const base: SearchMemoriesArgs = { query: "queue", kinds: ["MEMORY"], limit: 10, diversity: 0.2, expand: true, explain: false };
const unit = (n: number) => Array.from({ length: n }, () => 1 / Math.sqrt(n));

describe("searchMemories input", () => {
  it("turns filters into Cypher parameters, null when absent, and dates into ISO text", () => {
    const request = parseSearchInput({ ...base, tags: ["ops"], from: "2026-01-01T00:00:00Z" }, 384);
    expect(request.filters).toEqual({
      agentIds: null, types: null, tags: ["ops"], participants: null, conversationId: null,
      from: "2026-01-01T00:00:00.000Z", to: null, minConfidence: null,
    });
    expect(request.vector).toBeNull();
  });

  it.each([
    [{ query: "" }, /query must not be empty/],
    [{ query: "x".repeat(2001) }, /at most 2000 characters/],
    [{ limit: 0 }, /between 1 and 100, got 0/],
    [{ limit: 2.5 }, /between 1 and 100/],
    [{ diversity: 2 }, /between 0 and 1/],
    [{ minConfidence: -1 }, /between 0 and 1/],
    [{ tags: Array.from({ length: 101 }, () => "t") }, /at most 100 items/],
    [{ participants: ["x".repeat(201)] }, /at most 200 characters/],
    [{ from: "yesterday" }, /not a date-time/],
    [{ vector: unit(383) }, /384 dimensions, got 383/],
    [{ vector: unit(384).map((x) => x * 2) }, /length 1/],
    [{ kinds: [] }, /kinds must name at least one kind/],
    [{ kinds: null, sources: [] }, /sources must name at least one kind/],
    [{ sources: ["MEMORY"] }, /sources is the former name of searchMemories.input.kinds/],
  ])("refuses %j", (change, message) => {
    expect(() => parseSearchInput({ ...base, ...change } as SearchMemoriesArgs, 384)).toThrow(message);
  });

  it("searches every kind when none is named, and reads the former `sources` as `kinds`", () => {
    const every = parseSearchInput({ ...base, kinds: null }, 384).kinds;
    expect(every).toEqual(expect.arrayContaining(["MEMORY", "MESSAGE", "FACT", "BELIEF", "INSIGHT", "EXPERIENCE", "TURN"]));
    expect(parseSearchInput({ ...base, kinds: null, sources: ["BELIEF", "BELIEF"] }, 384).kinds).toEqual(["BELIEF"]);
  });

  it("accepts a unit vector of the index's size", () => {
    expect(parseSearchInput({ ...base, vector: unit(384) }, 384).vector).toHaveLength(384);
  });
});
