/**
 * An agent's own view of one of the gateway's per-minute budgets, so that a
 * well-behaved agent stays under it instead of being refused. The gateway
 * counts fixed one-minute windows; no more than `perMinute` sends in any
 * sliding 61 s (a second of margin for the trip to the gateway) keeps every
 * fixed window of the gateway within the budget too.
 */
export class RateBudget {
  private readonly sent: number[] = [];

  constructor(
    readonly perMinute: number,
    private readonly windowMs = 61_000,
  ) {}

  /** How long to wait before the next send fits (0: now). */
  waitMs(now = performance.now()): number {
    while (this.sent.length && now - this.sent[0]! >= this.windowMs) this.sent.shift();
    return this.sent.length < this.perMinute ? 0 : this.sent[0]! + this.windowMs - now;
  }

  take(now = performance.now()): void {
    this.sent.push(now);
  }
}
