import { afterEach, describe, expect, it } from "vitest";
import { passLoop, type PassLoop } from "../../../src/core/passLoop.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loop whose passes take `passMs`, recording when each started. */
function recordingLoop(options: { wakeDelayMs: number; minIntervalMs?: number; passMs: number }) {
  const starts: number[] = [];
  const loop = passLoop({
    pass: async () => {
      starts.push(Date.now());
      await sleep(options.passMs);
      return false;
    },
    pollMs: 60_000,
    wakeDelayMs: options.wakeDelayMs,
    minIntervalMs: options.minIntervalMs,
    onFailure: () => null,
  });
  return { loop, starts };
}

/** Wakes the loop every `everyMs` for `forMs`: a stream of writes. */
async function stream(loop: PassLoop, everyMs: number, forMs: number) {
  for (let t = 0; t < forMs; t += everyMs) {
    loop.wake();
    await sleep(everyMs);
  }
}

const gaps = (starts: number[]) => starts.slice(1).map((t, i) => t - starts[i]!);

describe("passLoop", () => {
  let loops: PassLoop[] = [];
  afterEach(async () => {
    await Promise.all(loops.map((l) => l.stop()));
    loops = [];
  });

  it("without spacing, a stream of wake-ups runs passes back to back", async () => {
    const { loop, starts } = recordingLoop({ wakeDelayMs: 10, passMs: 20 });
    loops.push(loop);
    await loop.drain();
    starts.length = 0;
    await stream(loop, 5, 600);
    await loop.drain();
    // A wake-up during a pass makes it go round again at once: about one pass per 20 ms.
    expect(starts.length).toBeGreaterThan(8);
  });

  it("with minIntervalMs, passes under a stream of wake-ups start at least that far apart", async () => {
    const { loop, starts } = recordingLoop({ wakeDelayMs: 10, minIntervalMs: 150, passMs: 20 });
    loops.push(loop);
    await loop.drain();
    await sleep(200);
    starts.length = 0;
    await stream(loop, 5, 600);
    await sleep(200);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    // Timers may fire a millisecond early.
    for (const gap of gaps(starts)) expect(gap).toBeGreaterThanOrEqual(148);
  });

  it("after a quiet spell, the first wake-up waits only wakeDelayMs", async () => {
    const { loop, starts } = recordingLoop({ wakeDelayMs: 10, minIntervalMs: 1_000, passMs: 5 });
    loops.push(loop);
    await loop.drain();
    await sleep(1_050);
    starts.length = 0;
    const woken = Date.now();
    loop.wake();
    await sleep(200);
    expect(starts).toHaveLength(1);
    expect(starts[0]! - woken).toBeLessThan(150);
  });

  it("drain does not wait for the spacing, and covers a wake-up made before it", async () => {
    const { loop, starts } = recordingLoop({ wakeDelayMs: 10, minIntervalMs: 5_000, passMs: 5 });
    loops.push(loop);
    await loop.drain();
    starts.length = 0;
    loop.wake();
    const t0 = Date.now();
    await loop.drain();
    expect(starts.length).toBeGreaterThanOrEqual(1);
    expect(Date.now() - t0).toBeLessThan(1_000);
  });

  it("stop ends a pass waiting for its spacing at once, without running it", async () => {
    const { loop, starts } = recordingLoop({ wakeDelayMs: 1, minIntervalMs: 5_000, passMs: 5 });
    await loop.drain();
    starts.length = 0;
    loop.wake();
    await sleep(50); // the woken run now waits for its spacing
    const t0 = Date.now();
    await loop.stop();
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(starts).toHaveLength(0);
  });
});
