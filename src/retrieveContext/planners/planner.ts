import type { ConversationAnalysis } from "../analyzeConversation.js";
import type { EntityLinks } from "../linkEntities.js";
import type { RetrieveRequest } from "../request.js";
import type { ToolFindings } from "../tools/toolFindings.js";

/** A tool call a planner asks for. `args` is whatever the planner produced: the loop validates it. */
export interface PlannedCall {
  /** The model's tool-call id (or a generated one), to send the result back under. */
  id: string;
  tool: string;
  args: unknown;
  /** Set when the planner could not even produce arguments (malformed JSON from a model). */
  argsError?: string;
}

export type PlanStep = { kind: "calls"; calls: PlannedCall[]; reasoning: string } | { kind: "done"; reasoning: string };

/** What came of one call. */
export interface CallOutcome {
  call: PlannedCall;
  ok: boolean;
  error: string | null;
  /** The tool's result (null on error), as the model is shown it. */
  result: unknown;
  findings: ToolFindings;
  elapsedMs: number;
  /** Served from an identical earlier call of this run, without running the tool again. */
  cached: boolean;
}

/** What a planner sees of the run so far. */
export interface LoopView {
  request: RetrieveRequest;
  analysis: ConversationAnalysis;
  links: EntityLinks;
  iteration: number;
  factCount: number;
  /** Every outcome so far, oldest first. */
  outcomes: readonly CallOutcome[];
  /** The outcomes of the previous round (what a model has not been told yet). */
  lastOutcomes: readonly CallOutcome[];
}

export type PlannerKind = "LLM" | "DETERMINISTIC";

/** One run's planner: asked for the next step after every round. */
export interface PlannerSession {
  readonly kind: PlannerKind;
  /** The version of the prompts it sends (PLANNER_PROMPT_VERSION), recorded with the run; null for a planner without prompts. */
  readonly promptVersion: string | null;
  next(view: LoopView, signal: AbortSignal): Promise<PlanStep>;
  /** Model tokens spent so far (0 for the deterministic planner). */
  tokensUsed(): number;
}

/** The LLM planner gave up: the loop hands over to the deterministic planner and says why. */
export class PlannerFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "PlannerFailure";
  }
}
