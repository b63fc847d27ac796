import { describe, expect, it } from "vitest";
import { createAdmission } from "../../../src/server/limits/admission.js";

describe("createAdmission", () => {
  it("lets `maxConcurrent` run and the next ones in, in order, as turns are given back", async () => {
    const admission = createAdmission({ maxConcurrent: 2, maxQueued: 10, queueTimeoutMs: 10_000 });
    const first = await admission.enter();
    const second = await admission.enter();
    const order: string[] = [];
    const third = admission.enter().then((r) => (order.push("third"), r));
    const fourth = admission.enter().then((r) => (order.push("fourth"), r));
    expect([admission.running, admission.waiting]).toEqual([2, 2]);
    first();
    first(); // giving a turn back twice frees one turn only
    (await third)();
    second();
    (await fourth)();
    expect(order).toEqual(["third", "fourth"]);
    expect([admission.running, admission.waiting]).toEqual([0, 0]);
  });

  it("refuses with SERVICE_BUSY after the queue timeout, and the queue forgets the one refused", async () => {
    const admission = createAdmission({ maxConcurrent: 1, maxQueued: 10, queueTimeoutMs: 30 });
    const held = await admission.enter();
    await expect(admission.enter()).rejects.toMatchObject({
      extensions: { code: "SERVICE_BUSY", retryAfterSeconds: 1 },
      message: "The gateway is busy: 1 operations are running and this one waited 30 ms; try again in 1 s",
    });
    expect(admission.refused).toBe(1);
    expect(admission.waiting).toBe(0);
    held();
    expect(admission.running).toBe(0);
  });

  it("refuses at once with SERVICE_BUSY when `maxQueued` already wait, and admits again once the line is shorter", async () => {
    const admission = createAdmission({ maxConcurrent: 1, maxQueued: 2, queueTimeoutMs: 4_000 });
    const held = await admission.enter();
    const waiting = [admission.enter(), admission.enter()];
    const started = performance.now();
    await expect(admission.enter()).rejects.toMatchObject({
      extensions: { code: "SERVICE_BUSY", retryAfterSeconds: 4 },
      message: "The gateway is busy: 1 operations are running and 2 are waiting (MAX_QUEUED_OPERATIONS); try again in 4 s",
    });
    expect(performance.now() - started).toBeLessThan(50);
    expect([admission.running, admission.waiting, admission.refused]).toEqual([1, 2, 1]);
    held();
    const next = admission.enter();
    expect(admission.waiting).toBe(2);
    for (const turn of [...waiting, next]) (await turn)();
    expect([admission.running, admission.waiting]).toEqual([0, 0]);
  });

  it("0 means no limit", async () => {
    const admission = createAdmission({ maxConcurrent: 0, maxQueued: 0, queueTimeoutMs: 10 });
    const turns = await Promise.all(Array.from({ length: 100 }, () => admission.enter()));
    expect(admission.running).toBe(100);
    turns.forEach((t) => t());
    expect(admission.running).toBe(0);
  });
});
