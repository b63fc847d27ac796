import { describe, expect, it } from "vitest";
import { EMPTY_PROGRESS, type ImportProgress } from "../../../src/cli/import/checkpoint.js";
import type { ImportMessage, ImportRecord } from "../../../src/cli/import/importRecord.js";
import { retrying } from "../../../src/cli/import/retrying.js";
import { BatchRefused, runImport } from "../../../src/cli/import/runImport.js";

const message = (id: string): ImportMessage => ({ id, channelId: "c", authorId: "a", content: id, timestamp: "2026-01-01T00:00:00Z" });
const records = (ids: string[]): ImportRecord[] => ids.map((id, i) => (id === "unreadable" ? { ref: `line ${i + 1}`, error: "not JSON" } : { ref: `line ${i + 1}`, message: message(id) }));

/** A gateway stand-in that stores ids and refuses any batch holding a "bad…" id, as recordMessages refuses a batch whole. */
function fakeGateway(refuseWhole = false) {
  const stored = new Set<string>();
  const calls: string[][] = [];
  return {
    stored,
    calls,
    async send(batch: ImportMessage[]) {
      calls.push(batch.map((m) => m.id));
      if (refuseWhole) throw new BatchRefused("recordMessages.rememberAs: no such agent", false, "recordMessages.rememberAs");
      if (batch.some((m) => m.id.startsWith("bad"))) throw new BatchRefused("MessageImportInput.content is too long", true, "MessageImportInput.content");
      const created = batch.filter((m) => !stored.has(m.id));
      created.forEach((m) => stored.add(m.id));
      return { created: created.length, existing: batch.length - created.length, memoriesCreated: 0 };
    },
  };
}

describe("runImport", () => {
  it("skips unreadable and refused records by their place in the file and stores every other one, in batches", async () => {
    const gw = fakeGateway();
    const checkpoints: number[] = [];
    const result = await runImport({
      records: records(["m1", "unreadable", "m3", "bad4", "m5", "m6", "m7"]),
      batchSize: 4,
      from: EMPTY_PROGRESS,
      send: gw.send,
      onBatch: async (p) => void checkpoints.push(p.done),
    });
    expect([...gw.stored].sort()).toEqual(["m1", "m3", "m5", "m6", "m7"]);
    expect(result).toMatchObject({ done: 7, created: 5, existing: 0 });
    expect(result.skipped).toEqual([
      { ref: "line 2", error: "not JSON" },
      { ref: "line 4", error: "MessageImportInput.content is too long", field: "MessageImportInput.content" },
    ]);
    expect(checkpoints).toEqual([4, 7]);
  });

  it("goes on where a checkpoint stopped, adding to its counts", async () => {
    const gw = fakeGateway();
    const from: ImportProgress = { done: 2, created: 2, existing: 0, memoriesCreated: 0, skipped: [{ ref: "line 9", error: "earlier" }] };
    const result = await runImport({ records: records(["m1", "m2", "m3", "m4"]), batchSize: 10, from, send: gw.send, onBatch: async () => {} });
    expect(gw.calls).toEqual([["m3", "m4"]]);
    expect(result).toMatchObject({ done: 4, created: 4, skipped: [{ ref: "line 9", error: "earlier" }] });
    expect(from.skipped).toHaveLength(1);
  });

  it("stops at a refusal that is about the call, not a record, without writing a checkpoint past it", async () => {
    const gw = fakeGateway(true);
    const checkpoints: number[] = [];
    await expect(runImport({ records: records(["m1", "m2"]), batchSize: 1, from: EMPTY_PROGRESS, send: gw.send, onBatch: async (p) => void checkpoints.push(p.done) })).rejects.toThrow(/rememberAs/);
    expect(checkpoints).toEqual([]);
  });
});

describe("retrying", () => {
  it("tries again after a passing failure, waiting what it was told, and gives up after its retries", async () => {
    const waits: number[] = [];
    let calls = 0;
    const flaky = () => (++calls < 3 ? Promise.reject(new Error("busy")) : Promise.resolve("stored"));
    expect(await retrying(flaky, () => 5, 5, async (ms) => void waits.push(ms))).toBe("stored");
    expect(waits).toEqual([5000, 5000]);
    let always = 0;
    await expect(retrying(() => Promise.reject(new Error(`down ${++always}`)), () => 0, 3, async () => {})).rejects.toThrow("down 4");
    await expect(retrying(() => Promise.reject(new Error("refused")), () => null, 3, async () => {})).rejects.toThrow("refused");
  });
});
