import { describe, expect, it } from "vitest";
import { createPhaseTimes } from "../../../src/extraction/phaseTimes.js";

describe("createPhaseTimes: where the extraction worker's passes spend their time", () => {
  it("sums each phase's time over its runs, failed runs included, and leaves other phases at 0", async () => {
    let now = 0;
    const times = createPhaseTimes(() => now);
    await times.time("claim", async () => {
      now += 30;
    });
    await times.time("claim", async () => {
      now += 12;
    });
    await expect(
      times.time("write", async () => {
        now += 100;
        throw new Error("lease lost");
      }),
    ).rejects.toThrow("lease lost");
    expect(times.totals()).toEqual({ claim: 42, people: 0, extract: 0, write: 100, settle: 0 });
  });

  it("returns what the timed work returns", async () => {
    const times = createPhaseTimes(() => 0);
    expect(await times.time("extract", async () => ["fact"])).toEqual(["fact"]);
  });
});
