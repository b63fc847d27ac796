import { ServiceBusyError } from "../../errors/errors.js";

/**
 * At most `maxConcurrent` operations run against Neo4j at once; up to
 * `maxQueued` more wait here, first come first served, for up to
 * `queueTimeoutMs`. Fifty agents sending at once to a Neo4j on two cores
 * otherwise all plan and run their queries together: each takes the time of
 * all, and after a restart (a cold plan cache) none answers for tens of
 * seconds (bench:fault). Waiting in the gateway costs nothing, holds no
 * connection and keeps the order. Beyond the queue, an operation is refused
 * at once with SERVICE_BUSY and a Retry-After, instead of waiting seconds in
 * a line as long as the clients are many (bench:load at 50 agents).
 */
export interface Admission {
  /** Resolves with the release once the operation may run; rejects with SERVICE_BUSY when the queue is full or the wait is over. */
  enter(): Promise<() => void>;
  readonly running: number;
  readonly waiting: number;
  /** Operations refused with SERVICE_BUSY since start. */
  readonly refused: number;
  readonly limits: AdmissionLimits;
}

export interface AdmissionLimits {
  /** 0: no limit. */
  maxConcurrent: number;
  maxQueued: number;
  queueTimeoutMs: number;
}

/**
 * Seconds a refused client is asked to wait: 5, or the queue's timeout if shorter, at least a second (Retry-After
 * counts whole seconds). Not the line's drain time (about 1 s at saturation): at fifty agents, clients back every
 * second were refused four times as often and the refusals took CPU from the operations (docs/benchmarks.md).
 */
const retryAfter = (limits: AdmissionLimits) => Math.max(1, Math.min(5, Math.ceil(limits.queueTimeoutMs / 1000)));

export function createAdmission(limits: AdmissionLimits): Admission {
  const { maxConcurrent, maxQueued, queueTimeoutMs } = limits;
  let running = 0;
  let refused = 0;
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
  const busy = (message: string) => {
    refused++;
    return new ServiceBusyError(message, retryAfter(limits));
  };

  return {
    limits,
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    get refused() {
      return refused;
    },
    enter() {
      if (maxConcurrent <= 0 || running < maxConcurrent) {
        running++;
        return Promise.resolve(release());
      }
      if (queue.length >= maxQueued) {
        return Promise.reject(busy(`The gateway is busy: ${maxConcurrent} operations are running and ${queue.length} are waiting (MAX_QUEUED_OPERATIONS); try again in ${retryAfter(limits)} s`));
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
          reject(busy(`The gateway is busy: ${maxConcurrent} operations are running and this one waited ${queueTimeoutMs} ms; try again in ${retryAfter(limits)} s`));
        }, queueTimeoutMs);
        timer.unref();
        queue.push(entry);
      });
    },
  };
}
