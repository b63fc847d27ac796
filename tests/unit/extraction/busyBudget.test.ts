import { describe, expect, it } from "vitest";
import { passDelay, servingWrites } from "../../../src/extraction/busyBudget.js";

const limits = { maxBusyShare: 0.2, quietMs: 1000 };

describe("passDelay: the extraction worker's share of time under foreground writes", () => {
  it("an idle gateway (no write within quietMs) gets the next pass at once, however long the last one took", () => {
    expect(passDelay({ lastForegroundAt: 0, lastPass: { start: 900, end: 1400 } }, 1000, limits)).toBe(0);
    expect(passDelay({ lastForegroundAt: -Infinity, lastPass: { start: 0, end: 500 } }, 500, limits)).toBe(0);
  });

  it("the first pass of a worker goes at once even under writes", () => {
    expect(passDelay({ lastForegroundAt: 100, lastPass: null }, 150, limits)).toBe(0);
  });

  it("under writes, a pass of T ms is followed by T·(1 − share)/share ms of rest", () => {
    // 100 ms of work at a 20% share: 400 ms of rest, counted from the pass's end.
    expect(passDelay({ lastForegroundAt: 1000, lastPass: { start: 1000, end: 1100 } }, 1100, limits)).toBe(400);
    expect(passDelay({ lastForegroundAt: 1000, lastPass: { start: 1000, end: 1100 } }, 1300, limits)).toBe(200);
    expect(passDelay({ lastForegroundAt: 1000, lastPass: { start: 1000, end: 1100 } }, 1500, limits)).toBe(0);
  });

  it("the rest never outlasts the quiet period's end: once the writes stop, full speed returns", () => {
    // A 500 ms pass would earn 2 s of rest, but the gateway is quiet 1 s after its last write.
    expect(passDelay({ lastForegroundAt: 1000, lastPass: { start: 1000, end: 1500 } }, 1500, limits)).toBe(500);
  });

  it("a share of 1 never waits", () => {
    expect(passDelay({ lastForegroundAt: 1000, lastPass: { start: 1000, end: 1100 } }, 1100, { maxBusyShare: 1, quietMs: 1000 })).toBe(0);
  });
});

describe("servingWrites: when the budget applies", () => {
  it("is true for quietMs after a write, false from then on and before any write", () => {
    expect(servingWrites({ lastForegroundAt: 1000, lastPass: null }, 1999, 1000)).toBe(true);
    expect(servingWrites({ lastForegroundAt: 1000, lastPass: null }, 2000, 1000)).toBe(false);
    expect(servingWrites({ lastForegroundAt: -Infinity, lastPass: null }, 0, 1000)).toBe(false);
  });
});
