import { describe, expect, it } from "vitest";
import type { Driver } from "neo4j-driver";
import type { Embedder } from "../../../src/core/embedder.js";
import { embedBatch, type ReadBatch } from "../../../src/embeddings/embedBatch.js";
import { wordCount } from "../../../src/embeddings/wordCount.js";

const embedder: Embedder = {
  model: "test",
  dimensions: 2,
  embedPassages: async (texts) => texts.map(() => [1, 0]),
  embedQueries: async (texts) => texts.map(() => [1, 0]),
  close: async () => {},
};
const target = { driver: null as unknown as Driver, database: "neo4j", embedder, contextMode: "joint" as const };

/** A batch row as readBatch builds it: `previous` is the turn before in the conversation. */
const row = (id: string, text: string, previous: string | null) => ({
  tenantId: "t", ownerId: "a", id, parts: [text], text, context: previous ? `${previous}\n${text}` : text, passages: [],
  previous: previous ? { id: `${id}-before`, parts: [previous], vector: null } : null, priorWords: previous ? wordCount(previous) : null, key: `k-${id}`, unchanged: false,
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

describe("embedBatch with EMBEDDING_CONTEXT=single", () => {
  /** An embedder that remembers what it ran, each text to a vector of its own ([its index among the runs, 1]). */
  function recording() {
    const runs: string[] = [];
    const vectorOf = (text: string) => [runs.push(text) - 1, 1];
    const recorder: Embedder = { ...embedder, embedPassages: async (texts) => texts.map(vectorOf) };
    return { runs, target: { ...target, embedder: recorder, contextMode: "single" as const } };
  }
  const longTurn = Array.from({ length: 201 }, (_, i) => `w${i}`).join(" ");

  it("runs the model once a turn, on the text search ranks it by, and stores that vector as the turn's own with no contextual one", async () => {
    const { runs, target: single } = recording();
    const batch: ReadBatch = {
      type: { label: "Memory", fields: ["content"], contextBy: "conversationId" },
      size: 4,
      ids: ["m1", "m2", "m3", "m4"],
      rows: [row("m1", "the first turn", null), row("m2", "a reply", "the first turn"), row("m3", longTurn, "a reply"), row("m4", "after the long one", longTurn)],
    };
    const prepared = await embedBatch(single, batch);
    // The first turn and the one after more than 200 words alone; the others after the end of the turn before.
    expect([...runs].sort()).toEqual(["the first turn", "after the long one", `the first turn\na reply`, `a reply\n${longTurn}`].sort());
    for (const r of prepared.rows) {
      expect(r.context).toBeNull();
      expect(runs[(r.vector as number[])[0]!]).toBe(batch.rows.find((b) => b.id === r.id)![r.id === "m1" || r.id === "m4" ? "text" : "context"]);
    }
    expect(prepared.rows.map((r) => r.priorWords)).toEqual([null, 3, 2, 201]);
  });

  it("embeds a type without conversations by its own text, as the other modes do", async () => {
    const { runs, target: single } = recording();
    const batch: ReadBatch = { type: { label: "Belief", fields: ["content"] }, size: 1, ids: ["b1"], rows: [row("b1", "a belief", "something")] };
    const [prepared] = (await embedBatch(single, batch)).rows;
    expect(runs).toEqual(["a belief"]);
    expect(prepared!.context).toBeNull();
  });
});
