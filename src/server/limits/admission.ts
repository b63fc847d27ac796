import { ServiceUnavailableError } from "../../errors/errors.js";

/**
 * At most `maxConcurrent` operations run against Neo4j at once; the rest wait
 * here, first come first served, for up to `queueTimeoutMs`. Fifty agents
 * sending at once to a Neo4j on two cores otherwise all plan and run their
 * queries together: each takes the time of all, and after a restart (a cold
 * plan cache) none answers for tens of seconds (bench:fault). Waiting in
 * the gateway costs nothing, holds no connection and keeps the order.
 */
export interface Admission {
  /** Resolves with the release once the operation may run; rejects with SERVICE_UNAVAILABLE after the queue timeout. */
  enter(): Promise<() => void>;
  readonly running: number;
  readonly waiting: number;
}

export function createAdmission(maxConcurrent: number, queueTimeoutMs: number): Admission {
  let running = 0;
  const queue: { admit: () => void }[] = [];

  const release = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      running--;
      queue.shift()?.admit();
    };
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    enter() {
      if (maxConcurrent <= 0 || running < maxConcurrent) {
        running++;
        return Promise.resolve(release());
      }
      return new Promise((resolve, reject) => {
        const entry = {
          admit: () => {
            clearTimeout(timer);
            running++;
            resolve(release());
          },
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          reject(new ServiceUnavailableError(`The gateway is busy: ${maxConcurrent} operations are running and this one waited ${queueTimeoutMs} ms; try again shortly`));
        }, queueTimeoutMs);
        timer.unref();
        queue.push(entry);
      });
    },
  };
}
