import { describe, expect, it } from "vitest";
import type { Driver } from "neo4j-driver";
import type { Embedder } from "../../../src/core/embedder.js";
import { embedBatch, type ReadBatch } from "../../../src/embeddings/embedBatch.js";

const embedder: Embedder = {
  model: "test",
  dimensions: 2,
  embedPassages: async (texts) => texts.map(() => [1, 0]),
  embedQueries: async (texts) => texts.map(() => [1, 0]),
  close: async () => {},
};
const target = { driver: null as unknown as Driver, database: "neo4j", embedder };

/** A batch row as readBatch builds it: `previous` is the turn before in the conversation. */
const row = (id: string, text: string, previous: string | null) => ({
  tenantId: "t", ownerId: "a", id, parts: [text], text, context: previous ? `${previous}\n${text}` : text, passages: [],
  previous: previous ? { id: `${id}-before`, parts: [previous], vector: null } : null, key: `k-${id}`, unchanged: false,
});

describe("embedBatch", () => {
  it("stores the words of the turn before a contextual node (priorWords), which search's closeness reads", async () => {
    const batch: ReadBatch = {
      type: { label: "Memory", fields: ["content"], contextBy: "conversationId" },
      size: 2,
      ids: ["m1", "m2"],
      rows: [row("m1", "the first turn", null), row("m2", "a reply", "user: four words  here\nand more")],
    };
    const prepared = await embedBatch(target, batch);
    expect(prepared.rows.map((r) => r.priorWords)).toEqual([null, 6]);
  });

  it("stores no priorWords for a type without conversations", async () => {
    const batch: ReadBatch = { type: { label: "Belief", fields: ["content"] }, size: 1, ids: ["b1"], rows: [row("b1", "a belief", "something")] };
    expect((await embedBatch(target, batch)).rows[0]!.priorWords).toBeNull();
  });
});
