import type { StopReason } from "./stopConditions.js";

/** The stages of a run, in the chatbot memory service's order. */
export type Stage = "ANALYZE" | "PLAN" | "EXECUTE" | "EVALUATE" | "SYNTHESIZE" | "END";

/** What the stage that just ran found out. */
export interface StageResult {
  /** A stop condition held (or the planner said it is done: DONE). */
  stop?: StopReason | null;
}

/**
 * The loop as a state machine: analyze → plan → execute → evaluate → (plan
 * again, or synthesize) → end. A stop at PLAN or EVALUATE goes to SYNTHESIZE.
 * Pure: the driver (runLoop) does the I/O of each stage.
 */
export function nextStage(stage: Stage, result: StageResult = {}): Stage {
  switch (stage) {
    case "ANALYZE":
      return "PLAN";
    case "PLAN":
      return result.stop ? "SYNTHESIZE" : "EXECUTE";
    case "EXECUTE":
      return "EVALUATE";
    case "EVALUATE":
      return result.stop ? "SYNTHESIZE" : "PLAN";
    case "SYNTHESIZE":
    case "END":
      return "END";
  }
}
