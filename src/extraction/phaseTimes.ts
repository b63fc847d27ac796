/** The phases of one extraction pass, in the order they run. */
export const PHASES = ["claim", "people", "extract", "write", "settle"] as const;
export type Phase = (typeof PHASES)[number];

/**
 * Milliseconds spent in each phase of the worker's passes, summed since the
 * worker started: where a batch's time goes (bench:extract --stage prints it).
 */
export interface PhaseTimes {
  time<T>(phase: Phase, work: () => Promise<T>): Promise<T>;
  totals(): Record<Phase, number>;
}

export function createPhaseTimes(clock: () => number = () => performance.now()): PhaseTimes {
  const totals = Object.fromEntries(PHASES.map((p) => [p, 0])) as Record<Phase, number>;
  return {
    async time(phase, work) {
      const started = clock();
      try {
        return await work();
      } finally {
        totals[phase] += clock() - started;
      }
    },
    totals: () => ({ ...totals }),
  };
}
