import { describe, expect, it } from "vitest";
import { fuseHits } from "../../../src/messages/searchMessages.js";
import { rankForTask } from "../../../src/memory/taskRelevance.js";
import { toStoredMemory } from "../../../src/memory/memoryRecord.js";
import { mapRow } from "../../../src/graph/row.js";
import { NOW } from "./fixtures.js";

const stored = (id: string, over: Record<string, unknown> = {}) =>
  toStoredMemory(
    mapRow({ id, type: "LEARNING", content: id, importance: 0.5, confidence: 1, tags: [], participants: [], createdAt: NOW.getTime(), ownerId: "k", visibility: "PRIVATE", embeddingStatus: "READY", ...over }),
  );

describe("task relevance and message fusion (pure)", () => {
  it("ranks a text and tag match first, then text or tag matches, then merely important memories", () => {
    const ranked = rankForTask(
      [
        { memory: stored("important", { importance: 0.9 }), textScore: 0 },
        { memory: stored("text", { importance: 0.5 }), textScore: 4 },
        { memory: stored("both", { importance: 0.5, tags: ["Queue"] }), textScore: 2 },
        { memory: stored("tags", { importance: 0.4, tags: ["queue"] }), textScore: 0 },
      ],
      ["queue"],
      NOW,
    );
    expect(ranked.map((m) => m.id)).toEqual(["both", "text", "tags", "important"]);
    expect(ranked.every((m) => m.relevance >= 0 && m.relevance <= 1)).toBe(true);
  });

  it("fuses full-text and vector rankings: found by both ranks first, then by best rank, ranks reported 1-based", () => {
    const msg = (id: string) => ({ id, channelId: "c", authorId: "a", authorName: null, content: id, timestamp: NOW.toISOString() });
    const hits = fuseHits([msg("both"), msg("text")], [msg("vector"), msg("both")]);
    expect(hits.map((h) => [h.message.id, h.textRank, h.vectorRank])).toEqual([
      ["both", 1, 2],
      ["vector", null, 1],
      ["text", 2, null],
    ]);
  });
});
