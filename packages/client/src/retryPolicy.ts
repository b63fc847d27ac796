/** When the client sends a refused request again. */
export interface RetryPolicy {
  /** Attempts in all, the first included (1: never retry). */
  maxAttempts: number;
  /** The first wait when the gateway names none; doubled on each further attempt. */
  baseDelayMs: number;
  /** The longest wait the client accepts: a longer `retryAfterSeconds` is not waited for, the error is thrown. */
  maxDelayMs: number;
  /** The error codes worth waiting for: the gateway's own load and limits, not the request's mistakes. */
  retryOn: readonly string[];
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 60_000,
  retryOn: ["SERVICE_UNAVAILABLE", "SERVICE_BUSY", "RATE_LIMITED"],
};

/**
 * How long to wait before attempt `attempt + 1`, after `attempt` attempts
 * failed (the last with `failure`), or null when not to try again. The
 * gateway's `retryAfterSeconds` is honoured as given: waiting less would be
 * refused again (rate windows are fixed), so it is never shortened; if it is
 * longer than `maxDelayMs` the client gives up at once rather than block.
 * Without it, exponential backoff from `baseDelayMs`. No jitter: the gateway
 * names the moment its budget returns, and tests stay deterministic.
 */
export function retryDelayMs(failure: { code: string; retryAfterSeconds?: number | undefined }, attempt: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number | null {
  if (attempt >= policy.maxAttempts || !policy.retryOn.includes(failure.code)) return null;
  if (failure.retryAfterSeconds !== undefined && failure.retryAfterSeconds >= 0) {
    const wait = failure.retryAfterSeconds * 1000;
    return wait <= policy.maxDelayMs ? wait : null;
  }
  return Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
}
