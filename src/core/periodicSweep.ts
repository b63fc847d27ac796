import type { Logger } from "../logging/logger.js";

/** A sweep run on a timer (the game agent's expired leases, its unreferenced screenshot files). */
export interface PeriodicSweep {
  /** One sweep now (what the timer runs); resolves with the number of things it removed or closed. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Runs `run` every `everyMs`. A sweep never overlaps the previous one (asked
 * for meanwhile, it joins the one running); one that did something is logged
 * with `done`, a failed one with `failed`, and retried at the next tick. The
 * timer does not keep the process alive; `stop()` waits for the sweep in flight.
 */
export function startPeriodicSweep({ run, everyMs, logger, done, failed }: {
  run: () => Promise<number>;
  everyMs: number;
  logger: Logger;
  /** Logs a sweep that removed or closed `count` things. */
  done: (count: number) => void;
  /** The warning a failed sweep is logged with. */
  failed: string;
}): PeriodicSweep {
  let running: Promise<number> | null = null;
  const sweep = () => {
    running ??= run()
      .then((count) => {
        if (count > 0) done(count);
        return count;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => {
    sweep().catch((err: unknown) => logger.warn({ err }, failed));
  }, everyMs);
  timer.unref();
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
