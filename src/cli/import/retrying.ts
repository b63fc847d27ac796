/** Retries of one batch before the import stops (resumable from its checkpoint): about 30 s of waiting with the backoff. */
export const DEFAULT_RETRIES = 5;

/**
 * Runs `attempt` again while `retryAfter` says the failure is passing (the
 * gateway is busy, rate-limits, or Neo4j is briefly away), waiting what it
 * says or an exponential backoff capped at 30 s, at most `retries` times;
 * other failures at once.
 */
export async function retrying<T>(
  attempt: () => Promise<T>,
  retryAfter: (err: unknown) => number | null,
  retries: number = DEFAULT_RETRIES,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      const seconds = retryAfter(err);
      if (seconds === null || n > retries) throw err;
      await sleep(Math.min(30_000, Math.max(seconds * 1000, 500 * 2 ** (n - 1))));
    }
  }
}
