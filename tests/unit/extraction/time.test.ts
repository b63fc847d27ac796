import { describe, expect, it } from "vitest";
import { resolveTime } from "../../../src/extraction/deterministic/time.js";
import { NOW, extract } from "./support.js";

describe("relative times resolve against the message's timestamp", () => {
  it.each([
    ["moved here last year", "2025-01-01T00:00:00.000Z"],
    ["since March", "2026-03-01T00:00:00.000Z"],
    ["in the autumn", "2026-09-01T00:00:00.000Z"],
    ["last spring", "2026-03-01T00:00:00.000Z"],
    ["for three years", "2023-11-01T00:00:00.000Z"],
    ["yesterday", "2026-11-09T00:00:00.000Z"],
    ["last month", "2026-10-01T00:00:00.000Z"],
    ["in 2019", "2019-01-01T00:00:00.000Z"],
  ])("%s → validFrom %s", (words, validFrom) => {
    expect(resolveTime(words, NOW).validFrom).toBe(validFrom);
  });

  it("a range gives both ends", () => {
    expect(resolveTime("I was at Spotify from 2019 to 2022", NOW)).toMatchObject({ validFrom: "2019-01-01T00:00:00.000Z", validUntil: "2022-01-01T00:00:00.000Z" });
  });

  it("leaving sets validUntil, joining without a date starts at the message", async () => {
    const [left] = await extract("I left Square in 2023");
    const [joined] = await extract("I just joined Mercado Libre");
    expect(left).toMatchObject({ relation: "PREVIOUSLY", validUntil: "2023-01-01T00:00:00.000Z", attributes: { endDate: "in 2023" } });
    expect(joined).toMatchObject({ relation: "WORKS_AT", validFrom: NOW });
  });

  it("a start after the message (an announced plan) writes nothing", async () => {
    expect(await extract("I'm starting at DeepMind in January 2027")).toEqual([]);
  });
});
