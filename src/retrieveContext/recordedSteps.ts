import type { CallOutcome } from "./planners/planner.js";
import { traceView, type StepTrace } from "./synthesizeRun.js";

/**
 * Longest tool result a RetrievalRun keeps per call, in characters of JSON.
 * A run has at most 20 rounds of a few calls each, so a record stays well
 * under a megabyte; the full length is kept beside the cut text.
 */
export const RECORDED_RESULT_CHARS = 2000;

/** What one call returned, as the run log keeps it: the JSON text, cut at the cap, and its full length. Pure. */
export function recordedResult(outcome: Pick<CallOutcome, "ok" | "result">): { result: string | null; resultChars: number } {
  if (!outcome.ok) return { result: null, resultChars: 0 };
  // `?? null`: JSON.stringify(undefined) is undefined, not text.
  const json = JSON.stringify(outcome.result ?? null);
  return { result: json.length <= RECORDED_RESULT_CHARS ? json : json.slice(0, RECORDED_RESULT_CHARS), resultChars: json.length };
}

/**
 * The steps as RetrievalRun.steps records them: the trace (traceView) with,
 * for every call, what it returned (recordedResult), so a review sees what
 * the planner saw. Pure.
 */
export function recordedSteps(trace: readonly StepTrace[]) {
  return traceView(trace).map((step, s) => ({
    ...step,
    toolCalls: step.toolCalls.map((call, c) => ({ ...call, ...recordedResult(trace[s]!.calls[c]!) })),
  }));
}
