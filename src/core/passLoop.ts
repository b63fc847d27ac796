import { detached } from "./tracing.js";

/**
 * The loop both background workers run (the embedding worker, the extraction
 * worker): passes until there is nothing left, started by a poll (for writes
 * made by other processes) or by a wake-up that joins the writes of the next
 * `wakeDelayMs` into one pass; a wake-up during a pass makes it go round again,
 * so `drain()` covers every write made before it was called.
 */
export interface PassLoop {
  wake(): void;
  /** Runs passes until one finds nothing to do. */
  drain(): Promise<void>;
  /** Whether a pass is running or a wake-up waits for one. */
  busy(): boolean;
  stop(): Promise<void>;
}

export interface PassLoopOptions {
  /** One pass; true when it did work and another may find more. */
  pass: () => Promise<boolean>;
  pollMs: number;
  wakeDelayMs: number;
  /** After a run of passes ended with nothing left. */
  onIdle?: () => void;
  /** After a pass threw: the delay before trying again, or null to wait for the next poll or wake-up. */
  onFailure: (err: unknown) => number | null;
}

export function passLoop({ pass, pollMs, wakeDelayMs, onIdle, onFailure }: PassLoopOptions): PassLoop {
  let wakeTimer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function untilIdle(): Promise<void> {
    do {
      again = false;
      let more = true;
      while (more && !stopped) more = await pass();
    } while (again && !stopped);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = untilIdle()
      .then(() => {
        if (!again && !wakeTimer) onIdle?.();
      })
      .catch((err: unknown) => {
        const retryMs = onFailure(err);
        if (retryMs !== null && !stopped) setTimeout(() => void run(), retryMs).unref();
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void run(), pollMs);
  timer.unref();
  void run();

  return {
    wake() {
      if (wakeTimer || stopped) return;
      // Woken by a request: the pass is not part of it (its statements start traces of their own).
      wakeTimer = detached(() =>
        setTimeout(() => {
          wakeTimer = null;
          void run();
        }, wakeDelayMs),
      );
      wakeTimer.unref();
    },
    async drain() {
      await run();
      while (running) await running;
    },
    busy: () => running !== null || wakeTimer !== null,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (wakeTimer) clearTimeout(wakeTimer);
      while (running) await running;
    },
  };
}
