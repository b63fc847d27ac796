import type { Caller } from "../core/caller.js";
import type { NewOutboxEvent } from "../core/outboxEvent.js";
import type { TransitionArgs } from "./transitionArgs.js";
import type { ReviewDecision, WorkflowStatus } from "./workflowTransitions.js";

/** The event type a transition appends to the outbox. */
export const WORKFLOW_TRANSITION_EVENT = "WORKFLOW_TRANSITION";

/** The improvement as the transition read it, under its lock. */
export interface ImprovementSnapshot {
  ownerId: string;
  visibility: "PRIVATE" | "SHARED";
  sharedWith: string[];
  domains: string[];
  confidence: number | null;
  targetProcess: string;
}

/**
 * The feed event of one transition: who moved which improvement from where to
 * where, with the improvement's visibility at that moment (the feed delivers
 * it only to agents that could read the improvement). Approvals are addressed
 * to every agent (the agent team's tier 3: approved process changes are broadcast). Pure.
 */
export function workflowTransitionEvent(
  caller: Caller,
  args: TransitionArgs,
  improvement: ImprovementSnapshot,
  move: { transitionId: string; from: WorkflowStatus; to: WorkflowStatus; decision: ReviewDecision | null },
  at: Date,
): NewOutboxEvent {
  return {
    tenantId: caller.tenantId,
    type: WORKFLOW_TRANSITION_EVENT,
    nodeId: args.id,
    nodeType: "WorkflowImprovement",
    actorAgentId: caller.agentId,
    ownerId: improvement.ownerId,
    visibility: improvement.visibility,
    sharedWith: improvement.sharedWith,
    domains: improvement.domains,
    confidence: improvement.confidence,
    tier: move.to === "APPROVED" ? "BROADCAST" : null,
    payload: {
      transitionId: move.transitionId,
      transition: args.transition,
      from: move.from,
      to: move.to,
      decision: move.decision,
      notes: args.notes,
      conditions: args.conditions,
      targetProcess: improvement.targetProcess,
    },
    createdAt: at,
  };
}
