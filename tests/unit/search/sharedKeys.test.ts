import { describe, expect, it } from "vitest";
import { keyFrequencies, sharedKeyList } from "../../../src/search/ranking/sharedKeys.js";
import { rankCandidates, type CandidateFacts } from "../../../src/search/ranking/rankCandidates.js";
import { SHARED_KEYS_RANK_OPTIONS } from "../../../src/search/ranking/rankCandidates.js";

const turns = [
  { id: "a", keys: ["pottery", "class", "kid"] },
  { id: "b", keys: ["kid", "beach"] },
  { id: "c", keys: ["kid", "school"] },
  { id: "d", keys: ["pottery", "bowl"] },
  { id: "e", keys: ["kid", "kid", "park"] },
];

describe("key frequencies", () => {
  it("counts each key once per turn", () => {
    const df = keyFrequencies(turns);
    expect(df.get("kid")).toBe(4);
    expect(df.get("pottery")).toBe(2);
    expect(df.get("bowl")).toBe(1);
  });
});

describe("shared-key list", () => {
  it("ranks turns by the rarity of the query keys they share: a rare key outweighs a common one", () => {
    const list = sharedKeyList(["pottery", "kid"], turns, 10);
    expect(list[0]).toMatchObject({ id: "a", rank: 1 });
    expect(list[1]).toMatchObject({ id: "d", rank: 2 });
    expect(list.map((h) => h.id).slice(2).sort()).toEqual(["b", "c", "e"]);
    expect(list[0]!.score).toBeGreaterThan(list[1]!.score);
    expect(list[1]!.score).toBeGreaterThan(list[2]!.score);
  });

  it("ranks equal scores by time, earlier first, whatever order the turns come in", () => {
    const tied = [{ id: "late", keys: ["kid"], at: 3 }, { id: "early", keys: ["kid"], at: 1 }, { id: "mid", keys: ["kid"], at: 2 }];
    expect(sharedKeyList(["kid"], tied, 10).map((h) => h.id)).toEqual(["early", "mid", "late"]);
    expect(sharedKeyList(["kid"], [...tied].reverse(), 10).map((h) => h.id)).toEqual(["early", "mid", "late"]);
  });

  it("leaves out turns sharing no query key and stops at the depth", () => {
    expect(sharedKeyList(["bowl"], turns, 10).map((h) => h.id)).toEqual(["d"]);
    expect(sharedKeyList(["kid"], turns, 2)).toHaveLength(2);
    expect(sharedKeyList([], turns, 10)).toEqual([]);
  });
});

describe("ranking with keys", () => {
  const fact = (id: string): CandidateFacts => ({ id, occurredAt: null, importance: null, confidence: null, vector: null, mentioned: false, inPeriod: false });
  const facts = new Map(["x", "y", "z"].map((id) => [id, fact(id)]));
  const options = { ...SHARED_KEYS_RANK_OPTIONS, lambda: 1, limit: 3, now: new Date(), rrfK: 1 };

  it("fuses the shared-key list only when it has a weight", () => {
    const lists = { fulltext: [{ id: "x", rank: 1, score: 1 }, { id: "y", rank: 2, score: 1 }], vector: [], keys: [{ id: "y", rank: 1, score: 2 }] };
    expect(rankCandidates(lists, [], facts, { ...options, keyWeight: 0 }).map((h) => h.id)).toEqual(["x", "y"]);
    expect(rankCandidates(lists, [], facts, { ...options, keyWeight: 1 }).map((h) => h.id)).toEqual(["y", "x"]);
  });
});
