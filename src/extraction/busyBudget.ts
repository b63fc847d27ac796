/** When the last foreground write committed, and when the worker's last pass ran. */
export interface BudgetState {
  lastForegroundAt: number;
  lastPass: { start: number; end: number } | null;
}

/** Whether the gateway counts as serving writes: one committed within `quietMs`. Pure. */
export const servingWrites = (state: BudgetState, now: number, quietMs: number): boolean => now < state.lastForegroundAt + quietMs;

/**
 * How long the extraction worker waits before its next pass, in ms (0: go).
 * Pure. The worker shares two cores and one Neo4j with the requests it
 * learns from, so while the gateway serves writes (one committed within
 * `quietMs`) it keeps its passes to `maxBusyShare` of the time: after a pass
 * of T ms it waits T·(1 − share)/share. Once the gateway has been quiet for
 * `quietMs` it reads at full speed, so the wait never outlasts the quiet
 * period's end.
 */
export function passDelay(state: BudgetState, now: number, { maxBusyShare, quietMs }: { maxBusyShare: number; quietMs: number }): number {
  const quietAt = state.lastForegroundAt + quietMs;
  if (!servingWrites(state, now, quietMs) || state.lastPass === null) return 0;
  const { start, end } = state.lastPass;
  const ready = end + ((end - start) * (1 - maxBusyShare)) / maxBusyShare;
  return Math.max(0, Math.min(ready, quietAt) - now);
}
