import type { Logger } from "../logging/logger.js";

/**
 * Work a request starts but does not wait for (recording a retrieval run
 * after its answer has gone out). A failure is logged, never thrown at a
 * caller; shutdown drains what is still running.
 */
export interface BackgroundTasks {
  /**
   * Starts `task` once the work of the current turn of the event loop is
   * done: a resolver's answer is serialized and written first, the task's
   * own work (building parameters, writing to Neo4j) after it. `what` names
   * it in the log if it fails.
   */
  run(what: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has settled. */
  drain(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(what, task) {
      const p: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => logger.error({ err, task: what }, "A background task failed"))
        .finally(() => running.delete(p));
      running.add(p);
    },
    async drain() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
