import type { Role } from "../core/caller.js";

/**
 * The approval gate of the agent team as data: the states of a WorkflowImprovement,
 * the transitions between them and who may make each. Pure: the transaction
 * that applies a decision lives in applyWorkflowTransition.ts.
 *
 *   PROPOSED ─SUBMIT→ PENDING_APPROVAL ─APPROVE→ APPROVED ─START_IMPLEMENTATION→ IMPLEMENTING ─START_MEASURING→ MEASURING ─COMPLETE→ COMPLETE
 *                        │  └─REJECT→ REJECTED (final)
 *                        └─REQUEST_REVISION→ NEEDS_REVISION ─REVISE→ PROPOSED
 */

export const WORKFLOW_STATUSES = [
  "PROPOSED",
  "PENDING_APPROVAL",
  "APPROVED",
  "REJECTED",
  "NEEDS_REVISION",
  "IMPLEMENTING",
  "MEASURING",
  "COMPLETE",
] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

export type ReviewDecision = "APPROVED" | "REJECTED" | "NEEDS_REVISION";

/**
 * Who may make a transition:
 * - `owner`: the improvement's owner, or an admin of its tenant (submitting and
 *   revising are the proposer's acts);
 * - `implementer`: the owner, the agent named in `coCreatedWith`, or an admin
 *   (the agent team: Ögedei implements, Jochi measures the result);
 * - `reviewer`: an agent with the approver role that does not own the
 *   improvement. No self-approval: the gate is a second pair of eyes, so an
 *   approver's own proposal needs another approver; admin alone is not enough.
 */
export type Actor = "owner" | "implementer" | "reviewer";

export interface TransitionRule {
  from: WorkflowStatus;
  to: WorkflowStatus;
  actor: Actor;
  /** Set for the three review transitions: they write APPROVED_BY and the review fields. */
  decision?: ReviewDecision;
}

/** Every legal transition. Each leaves exactly one state; REJECTED and COMPLETE are final. */
export const TRANSITIONS = {
  SUBMIT: { from: "PROPOSED", to: "PENDING_APPROVAL", actor: "owner" },
  APPROVE: { from: "PENDING_APPROVAL", to: "APPROVED", actor: "reviewer", decision: "APPROVED" },
  REJECT: { from: "PENDING_APPROVAL", to: "REJECTED", actor: "reviewer", decision: "REJECTED" },
  REQUEST_REVISION: { from: "PENDING_APPROVAL", to: "NEEDS_REVISION", actor: "reviewer", decision: "NEEDS_REVISION" },
  REVISE: { from: "NEEDS_REVISION", to: "PROPOSED", actor: "owner" },
  START_IMPLEMENTATION: { from: "APPROVED", to: "IMPLEMENTING", actor: "implementer" },
  START_MEASURING: { from: "IMPLEMENTING", to: "MEASURING", actor: "implementer" },
  COMPLETE: { from: "MEASURING", to: "COMPLETE", actor: "implementer" },
} as const satisfies Record<string, TransitionRule>;

export type TransitionName = keyof typeof TRANSITIONS;
export const TRANSITION_NAMES = Object.keys(TRANSITIONS) as TransitionName[];

/** The transitions that leave `status`, in declaration order. */
export function transitionsFrom(status: WorkflowStatus): TransitionName[] {
  return TRANSITION_NAMES.filter((name) => TRANSITIONS[name].from === status);
}

/** What the decision needs to know about the improvement and the caller. */
export interface TransitionSubject {
  status: WorkflowStatus;
  ownerId: string;
  coCreatedWith: string | null;
}
export interface TransitionCaller {
  agentId: string;
  roles: readonly Role[];
}

export type TransitionRefusal =
  /** The caller may not make this transition, whatever the state. */
  | { kind: "forbidden"; reason: string }
  /** Not legal from the current state. */
  | { kind: "illegal"; current: WorkflowStatus; requires: WorkflowStatus; allowed: TransitionName[] };

export type TransitionDecision =
  | { ok: true; transition: TransitionName; from: WorkflowStatus; to: WorkflowStatus; decision: ReviewDecision | null }
  | { ok: false; refusal: TransitionRefusal };

/**
 * What a check asks of the caller, each in both forms the gate is decided in: a
 * function here and a Cypher expression for the transition's statement
 * (transitionStatement.ts), where `me` is the caller's id, `roles` its roles and
 * `n` the improvement. Each Cypher form is true or false, never null (a missing
 * property reads as the function reads it). The only place either form is written.
 */
export const CALLER_FACTS = {
  owner: { holds: (s: TransitionSubject, c: TransitionCaller) => c.agentId === s.ownerId, cypher: "coalesce(me = n.ownerId, false)" },
  notOwner: { holds: (s: TransitionSubject, c: TransitionCaller) => c.agentId !== s.ownerId, cypher: "NOT coalesce(me = n.ownerId, false)" },
  admin: { holds: (_s: TransitionSubject, c: TransitionCaller) => c.roles.includes("admin"), cypher: "'admin' IN roles" },
  approver: { holds: (_s: TransitionSubject, c: TransitionCaller) => c.roles.includes("approver"), cypher: "'approver' IN roles" },
  coCreator: {
    holds: (s: TransitionSubject, c: TransitionCaller) => s.coCreatedWith !== null && c.agentId === s.coCreatedWith,
    cypher: "coalesce(me = n.coCreatedWith, false)",
  },
} as const;
export type CallerFact = keyof typeof CALLER_FACTS;

/** One check of an actor rule: refused, in these words, unless one of `anyOf` holds. */
export interface ActorCheck {
  anyOf: readonly CallerFact[];
  refusal: string;
}

/**
 * Who may act as each actor, as ordered checks: the first that fails gives the
 * refusal. decideTransition and the transition's statement are both built from
 * this table, so the gate a client sees (allowedTransitions) and the one the
 * mutation enforces cannot drift apart.
 */
export const ACTOR_CHECKS: Record<Actor, readonly ActorCheck[]> = {
  owner: [{ anyOf: ["owner", "admin"], refusal: "only its owner or an admin" }],
  implementer: [{ anyOf: ["owner", "admin", "coCreator"], refusal: "only its owner, the agent named in coCreatedWith, or an admin" }],
  reviewer: [
    { anyOf: ["approver"], refusal: "only an agent with the approver role" },
    { anyOf: ["notOwner"], refusal: "only an approver other than its owner (no self-approval)" },
  ],
};

/** Why `caller` may not act as `actor` on `subject`, or null when it may. */
function actorRefusal(actor: Actor, subject: TransitionSubject, caller: TransitionCaller): string | null {
  const failed = ACTOR_CHECKS[actor].find((check) => !check.anyOf.some((fact) => CALLER_FACTS[fact].holds(subject, caller)));
  return failed?.refusal ?? null;
}

/**
 * Decides one transition. The caller's right is checked before the state, so
 * an agent without it hears FORBIDDEN whatever the improvement's status; an
 * entitled caller asking for a transition the status does not allow hears
 * which status it is in and what is allowed from there.
 */
export function decideTransition(transition: TransitionName, subject: TransitionSubject, caller: TransitionCaller): TransitionDecision {
  const rule: TransitionRule = TRANSITIONS[transition];
  const refused = actorRefusal(rule.actor, subject, caller);
  if (refused) return { ok: false, refusal: { kind: "forbidden", reason: `${transition} may be made by ${refused}` } };
  if (subject.status !== rule.from) {
    return { ok: false, refusal: { kind: "illegal", current: subject.status, requires: rule.from, allowed: transitionsFrom(subject.status) } };
  }
  return { ok: true, transition, from: rule.from, to: rule.to, decision: rule.decision ?? null };
}

/**
 * The transitions `caller` may make on `subject` now: those decideTransition
 * would apply, in declaration order. What WorkflowImprovement.allowedTransitions
 * shows, so a client sees the same gate the mutation enforces.
 */
export function allowedTransitions(subject: TransitionSubject, caller: TransitionCaller): TransitionName[] {
  return TRANSITION_NAMES.filter((name) => decideTransition(name, subject, caller).ok);
}
