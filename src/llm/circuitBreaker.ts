/** Closed: calls go through. Open: refused until the cool-down ends. Half-open: one trial call decides. */
export type CircuitState = "CLOSED" | "OPEN" | "HALF_OPEN";

export interface CircuitBreaker {
  /** May a call go out now? In half-open state, only one trial at a time. */
  allow(): boolean;
  success(): void;
  failure(): void;
  state(): CircuitState;
}

/**
 * A circuit breaker for the model endpoint: after `threshold` failed calls in
 * a row it opens for `coolDownMs`, so runs go straight to the deterministic
 * planner instead of waiting for timeouts. Clock injected.
 */
export function circuitBreaker({ threshold, coolDownMs, now = Date.now }: { threshold: number; coolDownMs: number; now?: () => number }): CircuitBreaker {
  let failures = 0;
  let openedAt: number | null = null;
  let trialInFlight = false;
  const state = (): CircuitState => (openedAt === null ? "CLOSED" : now() - openedAt >= coolDownMs ? "HALF_OPEN" : "OPEN");
  return {
    state,
    allow() {
      const s = state();
      if (s === "CLOSED") return true;
      if (s === "OPEN" || trialInFlight) return false;
      trialInFlight = true;
      return true;
    },
    success() {
      failures = 0;
      openedAt = null;
      trialInFlight = false;
    },
    failure() {
      failures++;
      trialInFlight = false;
      if (openedAt !== null || failures >= threshold) openedAt = now();
    },
  };
}
