/** Why the loop stopped. */
export type StopReason = "DONE" | "ITERATION_LIMIT" | "FACT_LIMIT" | "STUCK" | "TIME_BUDGET";

/** What the stop conditions look at after each round. */
export interface LoopProgress {
  iteration: number;
  maxIterations: number;
  factCount: number;
  maxFacts: number;
  /** `tool(arguments)` of every call so far, in order. */
  callSignatures: readonly string[];
  elapsedMs: number;
  budgetMs: number;
}

/** A stop condition: a reason to stop, or null. Each is tiny and pure. */
export type StopCondition = (p: LoopProgress) => StopReason | null;

export const iterationLimit: StopCondition = (p) => (p.iteration >= p.maxIterations ? "ITERATION_LIMIT" : null);

export const factLimit: StopCondition = (p) => (p.factCount >= p.maxFacts ? "FACT_LIMIT" : null);

/** The same tool with the same arguments a third time: the planner is going round in circles. */
export const stuck: StopCondition = (p) => {
  const counts = new Map<string, number>();
  for (const s of p.callSignatures) {
    const n = (counts.get(s) ?? 0) + 1;
    if (n >= 3) return "STUCK";
    counts.set(s, n);
  }
  return null;
};

export const timeBudget: StopCondition = (p) => (p.elapsedMs >= p.budgetMs ? "TIME_BUDGET" : null);

export const DEFAULT_STOP_CONDITIONS: readonly StopCondition[] = [timeBudget, factLimit, stuck, iterationLimit];

/** The first condition that holds, in the order given. */
export function shouldStop(p: LoopProgress, conditions: readonly StopCondition[] = DEFAULT_STOP_CONDITIONS): StopReason | null {
  for (const c of conditions) {
    const reason = c(p);
    if (reason) return reason;
  }
  return null;
}

/** A call's identity for `stuck`: the tool and its arguments with keys in a fixed order. */
export function callSignature(tool: string, args: Record<string, unknown>): string {
  const sorted = Object.keys(args)
    .sort()
    .map((k) => [k, args[k]]);
  return `${tool}(${JSON.stringify(sorted)})`;
}
