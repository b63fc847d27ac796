/**
 * How long a client waits before trying again after the gateway said it
 * cannot serve (SERVICE_UNAVAILABLE, a dropped connection): exponential from
 * 200 ms, capped at 5 s, with "equal jitter" (half fixed, half random) so
 * fifty agents that failed together do not all come back together, and none
 * retries at once. This is what an agent's HTTP client does; a fixed short
 * pause would have fifty agents hammer a gateway whose database is restarting.
 */
export const BACKOFF_BASE_MS = 200;
export const BACKOFF_MAX_MS = 5_000;

/** The wait after the `failures`-th failure in a row (1, 2, …). Pure given `random`. */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}
