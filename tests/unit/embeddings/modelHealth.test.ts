import { describe, expect, it } from "vitest";
import type { Embedder } from "../../../src/core/embedder.js";
import { withModelHealth } from "../../../src/embeddings/modelHealth.js";
import { withCachedQueries } from "../../../src/embeddings/cachedQueries.js";

/** A model that answers or fails as the test says, counting the calls that reach it. */
function switchable() {
  const state = { up: true, calls: 0, hold: null as Promise<void> | null };
  const embed = async (texts: readonly string[]) => {
    state.calls++;
    if (state.hold) await state.hold;
    if (!state.up) throw new Error("endpoint down");
    return texts.map(() => [1, 0, 0]);
  };
  const embedder: Embedder = { model: "switchable", dimensions: 3, embedPassages: embed, embedQueries: embed, close: async () => {} };
  return { state, embedder };
}

describe("withModelHealth: whether the model answers now", () => {
  it("checks once with a short embedding before any call, then answers from the last call without calling the model", async () => {
    const { state, embedder } = switchable();
    const model = withModelHealth(embedder);
    expect(await model.loaded!()).toBe(true);
    expect(state.calls).toBe(1);
    await model.embedQueries(["q"]);
    expect(await model.loaded!()).toBe(true);
    expect(await model.loaded!()).toBe(true);
    expect(state.calls).toBe(2);
  });

  it("is false after a failed embedding, and true again once a re-check succeeds (no traffic needed)", async () => {
    const { state, embedder } = switchable();
    const model = withModelHealth(embedder);
    await model.embedPassages(["p"]);
    state.up = false;
    await expect(model.embedQueries(["q"])).rejects.toThrow("endpoint down");
    expect(await model.loaded!()).toBe(false);
    state.up = true;
    expect(await model.loaded!()).toBe(true);
  });

  it("answers false after probeWaitMs when the re-check hangs, and runs one re-check at a time", async () => {
    const { state, embedder } = switchable();
    const model = withModelHealth(embedder, { probeWaitMs: 20 });
    state.up = false;
    await expect(model.embedPassages(["p"])).rejects.toThrow();
    let release!: () => void;
    state.hold = new Promise((r) => (release = r));
    state.up = true;
    const before = state.calls;
    expect(await Promise.all([model.loaded!(), model.loaded!()])).toEqual([false, false]);
    expect(state.calls - before).toBe(1);
    release();
    state.hold = null;
    expect(await model.loaded!()).toBe(true);
  });

  it("the query cache passes the model's state through: a cached answer does not hide a failed model", async () => {
    const { state, embedder } = switchable();
    const model = withCachedQueries(withModelHealth(embedder));
    await model.embedQueries(["cached"]);
    state.up = false;
    await expect(model.embedPassages(["p"])).rejects.toThrow();
    await model.embedQueries(["cached"]);
    expect(await model.loaded!()).toBe(false);
  });
});
