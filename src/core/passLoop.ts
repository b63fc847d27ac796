import { detached } from "./tracing.js";

/**
 * The loop both background workers run (the embedding worker, the extraction
 * worker): passes until there is nothing left, started by a poll (for writes
 * made by other processes) or by a wake-up that joins the writes of the next
 * `wakeDelayMs` into one pass; a wake-up during a pass makes it go round again,
 * so `drain()` covers every write made before it was called. With
 * `minIntervalMs`, passes start at least that far apart while writes keep
 * coming: a steady stream of small writes is handled in fewer, larger passes
 * (a drain or a stop does not wait for the spacing).
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
  /** The least time between the starts of two passes (0: none). A pass after a quiet spell still starts after `wakeDelayMs`. */
  minIntervalMs?: number;
  /** After a run of passes ended with nothing left. */
  onIdle?: () => void;
  /** After a pass threw: the delay before trying again, or null to wait for the next poll or wake-up. */
  onFailure: (err: unknown) => number | null;
}

export function passLoop({ pass, pollMs, wakeDelayMs, minIntervalMs = 0, onIdle, onFailure }: PassLoopOptions): PassLoop {
  let wakeTimer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastStart = -Infinity;
  // Set while a drain or a stop waits: the spacing between passes is skipped.
  let hurried = 0;
  let spacing: { timer: NodeJS.Timeout; resolve: () => void } | null = null;

  /** Waits until `minIntervalMs` has passed since the last pass started, unless hurried. */
  function spaced(): Promise<void> {
    const waitMs = lastStart + minIntervalMs - Date.now();
    if (waitMs <= 0 || hurried > 0 || stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      timer.unref();
      spacing = { timer, resolve };
    }).finally(() => {
      spacing = null;
    });
  }

  function hurry(): () => void {
    hurried++;
    if (spacing) {
      clearTimeout(spacing.timer);
      spacing.resolve();
    }
    return () => void hurried--;
  }

  async function untilIdle(): Promise<void> {
    do {
      again = false;
      let more = true;
      while (more && !stopped) {
        await spaced();
        if (stopped) break;
        lastStart = Date.now();
        more = await pass();
      }
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
      const done = hurry();
      try {
        await run();
        while (running) await running;
      } finally {
        done();
      }
    },
    busy: () => running !== null || wakeTimer !== null,
    async stop() {
      stopped = true;
      hurry();
      clearInterval(timer);
      if (wakeTimer) clearTimeout(wakeTimer);
      while (running) await running;
    },
  };
}
