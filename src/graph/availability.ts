import type { Driver } from "neo4j-driver";
import type { Logger } from "../logging/logger.js";

/**
 * Whether Neo4j can be reached right now, as the gateway believes from its
 * probes and from what the embedded server's supervisor tells it. Requests
 * are refused at once while it is down instead of waiting out the driver's
 * retries, and readiness turns 503.
 */
export interface DatabaseAvailability {
  readonly up: boolean;
  /** Since when the current state holds (ms since the epoch). */
  readonly since: number;
  /** Neo4j is known to be unreachable (a probe failed, the embedded server exited): refuse until a probe answers. */
  markDown(reason: string): void;
  /**
   * A request's queries have just been answered. A probe that times out while
   * requests are being answered measures a busy server (bench:load saw
   * `RETURN 1` take over a second under 50 agents), not an unreachable one.
   */
  noteAnswered(): void;
  /** Resolves with the next change of state (or at once with the current state when `state` already holds). */
  whenState(state: "up" | "down"): Promise<void>;
  /** Stops probing. */
  stop(): void;
}

export interface AvailabilityOptions {
  driver: Driver;
  database: string;
  logger: Logger;
  /** How often Neo4j is probed while it answers; a failed probe marks it down. */
  heartbeatMs?: number;
  /** How often it is probed while down, until it answers again. */
  retryMs?: number;
  /** A probe that takes longer than this has timed out. */
  probeTimeoutMs?: number;
  /**
   * Consecutive timed-out probes before Neo4j counts as down. A refused or
   * broken connection counts at once; a slow answer may be a busy machine or a
   * connection pool in full use, which must not turn every request away.
   */
  timeoutsBeforeDown?: number;
}

type ProbeResult = "answered" | "failed" | "timedOut";

/**
 * One trivial query with no retries (an auto-commit `RETURN 1` in its own
 * session): a refused connection fails at once, a hung server times out after
 * `timeoutMs`.
 */
async function probe(driver: Driver, database: string, timeoutMs: number): Promise<ProbeResult> {
  const session = driver.session({ database, defaultAccessMode: "READ" });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<ProbeResult>((resolve) => (timer = setTimeout(() => resolve("timedOut"), timeoutMs)));
  try {
    const answered = session.run("RETURN 1").then(
      (): ProbeResult => "answered",
      (): ProbeResult => "failed",
    );
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
    void session.close().catch(() => {});
  }
}

/** Starts watching Neo4j; it is assumed up at first (start-up has just reached it). */
export function watchAvailability({ driver, database, logger, heartbeatMs = 500, retryMs = 250, probeTimeoutMs = 1000, timeoutsBeforeDown = 3 }: AvailabilityOptions): DatabaseAvailability {
  let up = true;
  let timeouts = 0;
  let lastAnswered = 0;
  let since = Date.now();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const waiters = new Set<{ state: "up" | "down"; resolve: () => void }>();

  const set = (next: boolean, reason: string) => {
    if (next === up) return;
    up = next;
    since = Date.now();
    if (up) logger.info("Neo4j answers again: serving");
    else logger.error({ reason }, "Neo4j is unreachable: requests are refused with SERVICE_UNAVAILABLE until it answers");
    for (const w of [...waiters]) {
      if ((w.state === "up") === up) {
        waiters.delete(w);
        w.resolve();
      }
    }
  };

  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, up ? heartbeatMs : retryMs);
    timer.unref();
  };
  const tick = async () => {
    const probedAt = Date.now();
    const probed = await probe(driver, database, probeTimeoutMs);
    if (stopped) return;
    // Requests answered while the probe waited: the server is busy, not gone.
    const result = probed === "timedOut" && up && lastAnswered >= probedAt ? "answered" : probed;
    timeouts = result === "timedOut" ? timeouts + 1 : 0;
    if (result === "answered") set(true, "");
    else if (result === "failed") set(false, "a probe query failed: Neo4j refused or dropped the connection");
    else if (timeouts >= timeoutsBeforeDown) set(false, `${timeouts} probe queries in a row got no answer within ${probeTimeoutMs} ms`);
    else logger.warn({ timeouts, probeTimeoutMs }, "A probe query was slow to answer: Neo4j or this machine is busy");
    schedule();
  };
  schedule();

  return {
    get up() {
      return up;
    },
    get since() {
      return since;
    },
    markDown(reason) {
      set(false, reason);
      schedule();
    },
    noteAnswered() {
      lastAnswered = Date.now();
    },
    whenState(state) {
      if ((state === "up") === up) return Promise.resolve();
      return new Promise((resolve) => waiters.add({ state, resolve }));
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      for (const w of waiters) w.resolve();
      waiters.clear();
    },
  };
}
