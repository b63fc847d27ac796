import { describe, expect, it } from "vitest";
import { createAdmission } from "../../../src/server/limits/admission.js";

describe("createAdmission", () => {
  it("lets `maxConcurrent` run and the next ones in, in order, as turns are given back", async () => {
    const admission = createAdmission(2, 10_000);
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

  it("refuses with SERVICE_UNAVAILABLE after the queue timeout, and the queue forgets the one refused", async () => {
    const admission = createAdmission(1, 30);
    const held = await admission.enter();
    await expect(admission.enter()).rejects.toMatchObject({
      extensions: { code: "SERVICE_UNAVAILABLE" },
      message: "The gateway is busy: 1 operations are running and this one waited 30 ms; try again shortly",
    });
    expect(admission.waiting).toBe(0);
    held();
    expect(admission.running).toBe(0);
  });

  it("0 means no limit", async () => {
    const admission = createAdmission(0, 10);
    const turns = await Promise.all(Array.from({ length: 100 }, () => admission.enter()));
    expect(admission.running).toBe(100);
    turns.forEach((t) => t());
    expect(admission.running).toBe(0);
  });
});
