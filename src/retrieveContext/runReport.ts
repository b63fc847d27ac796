import type { LoopResult } from "./synthesizeRun.js";

/** What a retrieveContext run tells observers (metrics), once it has answered or failed. */
export interface RetrieveRunReport {
  status: "success" | "error";
  /** From the request's arrival at the resolver to its answer. */
  seconds: number;
  factsRetrieved: number;
  iterations: number;
  toolCalls: { tool: string; ok: boolean; seconds: number; cached: boolean }[];
}

/** The report of a run that answered. Pure. */
export function reportOf(result: LoopResult, seconds: number): RetrieveRunReport {
  return {
    status: "success",
    seconds,
    factsRetrieved: result.facts.length,
    iterations: result.metadata.iterationsUsed,
    toolCalls: result.trace.flatMap((step) => step.calls.map((c) => ({ tool: c.call.tool, ok: c.ok, seconds: c.elapsedMs / 1000, cached: c.cached }))),
  };
}

/** The report of a run that threw (bad input, the database gone). */
export const failedRun = (seconds: number): RetrieveRunReport => ({ status: "error", seconds, factsRetrieved: 0, iterations: 0, toolCalls: [] });
