/** How a started resource stops: close a driver, drain a worker, stop a server. */
export type Stop = () => unknown;

/**
 * What a process started, in order, so that it stops in the reverse order, written once: a
 * resource is pushed with its stop as it starts, and stopping pops them, last first. The gateway
 * is the last thing started and the first to stop (traffic drains before its workers), the driver
 * is closed after everything that used it, the embedded Neo4j after the driver.
 */
export interface ResourceStack {
  /** Starts a resource and keeps its stop. A start that throws keeps nothing: it did not start. */
  start<T>(start: () => T | Promise<T>, stop: (value: T) => unknown): Promise<T>;
  /** Keeps the stop of something started outside the stack (a model loading while Neo4j starts). */
  defer(stop: Stop): void;
  /**
   * Stops everything started, last first, each once. Every stop runs even when one before it
   * fails; the first failure is thrown after the last stop.
   */
  stop(): Promise<void>;
}

export function resourceStack(): ResourceStack {
  const stops: Stop[] = [];
  return {
    async start(start, stop) {
      const value = await start();
      stops.push(() => stop(value));
      return value;
    },
    defer(stop) {
      stops.push(stop);
    },
    async stop() {
      const failures: unknown[] = [];
      for (let stop = stops.pop(); stop; stop = stops.pop()) {
        try {
          await stop();
        } catch (err) {
          failures.push(err);
        }
      }
      if (failures.length > 0) throw failures[0];
    },
  };
}

/**
 * Runs a start-up on a fresh stack: when it fails, what had started stops, in reverse, and the
 * start-up's own error is thrown (a stop's failure is reported to `onStopFailure`, not thrown over it).
 */
export async function startStack<T>(startUp: (stack: ResourceStack) => Promise<T>, onStopFailure: (err: unknown) => void): Promise<T> {
  const stack = resourceStack();
  try {
    return await startUp(stack);
  } catch (err) {
    await stack.stop().catch(onStopFailure);
    throw err;
  }
}
