import { randomUUID } from "node:crypto";
import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import { BadUserInputError, ConflictError, ForbiddenError, NotFoundError } from "../errors/errors.js";
import type { OutboxSequencer, StagedEvents } from "../core/outboxEvent.js";
import { appendOutboxEvent, writeWithEvents } from "../feed/index.js";
import type { GraphTarget, Tx } from "../graph/executor.js";
import { lockVisibleNode } from "../graph/lockVisibleNode.js";
import { cypherInt } from "../graph/readQuery.js";
import { onlyRow, type Row } from "../graph/statement.js";
import type { TransitionArgs } from "./transitionArgs.js";
import { workflowTransitionEvent, type ImprovementSnapshot } from "./workflowTransitionEvent.js";
import { decideTransition, WORKFLOW_STATUSES, type TransitionDecision, type WorkflowStatus } from "./workflowTransitions.js";

export interface WorkflowDeps {
  driver: GraphTarget["driver"];
  database: string;
  /** The clock: transition, review and event times. */
  now: () => Date;
  /** Numbers the transition's feed event once it has committed. */
  outbox: OutboxSequencer;
}

/** What a committed transition wrote. */
export interface AppliedTransition {
  improvementId: string;
  transitionId: string;
  from: WorkflowStatus;
  to: WorkflowStatus;
  /** The transition's event in the tenant's feed; null when numbering it failed after the commit (a sweep numbers it). */
  seq: number | null;
}

const READ = `
  MATCH (n:WorkflowImprovement {tenantId: $callerTenant, id: $id})
  RETURN n.status AS status, n.ownerId AS ownerId, n.coCreatedWith AS coCreatedWith, n.visibility AS visibility,
         coalesce(n.sharedWith, []) AS sharedWith, coalesce(n.domains, []) AS domains, n.confidence AS confidence,
         n.targetProcess AS targetProcess, COUNT { (n)-[:HAS_TRANSITION]->(:WorkflowTransition) } AS done`;

const VISIBILITIES = ["PRIVATE", "SHARED"] as const;

/** READ's row: the improvement as the transition decides on it and its event describes it. */
const readImprovement = (r: Row) => {
  const snapshot: ImprovementSnapshot = {
    ownerId: r.string("ownerId"),
    visibility: r.oneOf("visibility", VISIBILITIES),
    sharedWith: r.strings("sharedWith"),
    domains: r.strings("domains"),
    confidence: r.numberOrNull("confidence"),
    targetProcess: r.string("targetProcess"),
  };
  return { status: r.oneOf("status", WORKFLOW_STATUSES), coCreatedWith: r.stringOrNull("coCreatedWith"), done: r.number("done"), snapshot };
};

// The review goes first: without the reviewer's Agent node there is no edge to write, and nothing else is.
const REVIEW = `
  MATCH (n:WorkflowImprovement {tenantId: $callerTenant, id: $id})
  MATCH (a:Agent {tenantId: $callerTenant, id: $callerAgent})
  SET n.reviewedBy = $callerAgent, n.reviewDecision = $decision, n.reviewNotes = $notes, n.reviewedAt = datetime($at)
  CREATE (n)-[:APPROVED_BY {decision: $decision, notes: $notes, conditions: $conditions, reviewedAt: datetime($at)}]->(a)
  RETURN count(*) AS written`;

// Optimistic check kept even under the lock: the write happens only from the status the decision was made on.
const MOVE = `
  MATCH (n:WorkflowImprovement {tenantId: $callerTenant, id: $id}) WHERE n.status = $from
  SET n.status = $to
  SET n.submittedForApprovalAt = CASE WHEN $to = 'PENDING_APPROVAL' THEN datetime($at) ELSE n.submittedForApprovalAt END
  CREATE (n)-[:HAS_TRANSITION]->(:WorkflowTransition {
    id: $transitionId, tenantId: $callerTenant, improvementId: $id, ordinal: $ordinal, transition: $transition,
    fromStatus: $from, toStatus: $to, byAgentId: $callerAgent, at: datetime($at), notes: $notes, conditions: $conditions
  })
  RETURN count(*) AS moved`;

/**
 * Applies one transition of a workflow improvement for `caller` in ONE write
 * transaction: decide (workflowTransitions.ts) on the locked node, write the
 * review (APPROVED_BY + review fields) when it is one, move the status, append
 * the audit entry and, last, the outbox event (workflowTransitionEvent.ts). Any refusal throws before the commit,
 * so a refused or failed transition leaves no trace.
 */
export async function applyWorkflowTransition(deps: WorkflowDeps, caller: Caller, args: TransitionArgs): Promise<AppliedTransition> {
  const { result, events } = await writeWithEvents(deps, (tx) => transitionIn(tx, deps.now(), caller, args));
  return { ...result, seq: events?.[0]?.seq ?? null };
}

async function transitionIn(tx: Tx, now: Date, caller: Caller, args: TransitionArgs): Promise<{ result: Omit<AppliedTransition, "seq">; staged: StagedEvents }> {
  const base = { ...visibilityParams(caller), id: args.id };
  const current = await lockAndRead(tx, base);
  const decision = decideTransition(args.transition, { status: current.status, ownerId: current.snapshot.ownerId, coCreatedWith: current.coCreatedWith }, caller);
  if (!decision.ok) throw refusalError(args, decision);

  const transitionId = randomUUID();
  const { from, to } = decision;
  const params = { ...base, ...args, from, to, decision: decision.decision, at: now.toISOString(), transitionId, ordinal: cypherInt(current.done + 1) };
  if (decision.decision && (await count(tx, REVIEW, "written", params)) === 0) {
    throw new BadUserInputError(`The reviewer "${caller.agentId}" has no Agent node in this tenant: create it before reviewing`, "transitionWorkflowImprovement");
  }
  if ((await count(tx, MOVE, "moved", params)) === 0) {
    throw new ConflictError(`Workflow improvement ${args.id} changed meanwhile; try again`, { currentStatus: current.status });
  }
  const staged = await appendOutboxEvent(tx, workflowTransitionEvent(caller, args, current.snapshot, { ...decision, transitionId }, now));
  return { result: { improvementId: args.id, transitionId, from, to }, staged };
}

/** Locks the improvement (NOT_FOUND unless the caller may read it), then reads it as the last committed write left it. */
async function lockAndRead(tx: Tx, base: Record<string, unknown>) {
  if (!(await lockVisibleNode(tx, "WorkflowImprovement", base))) throw new NotFoundError(`No workflow improvement ${String(base.id)} visible to you in this tenant`);
  return onlyRow(await tx.run({ cypher: READ, params: base, decode: readImprovement }));
}

/** Runs a statement that returns one count, `written` or `moved`. */
async function count(tx: Tx, cypher: string, column: "written" | "moved", params: Record<string, unknown>): Promise<number> {
  return onlyRow(await tx.run({ cypher, params, decode: (r) => r.number(column) }));
}

/** FORBIDDEN naming who may act, or CONFLICT naming the current status and what it allows. */
function refusalError(args: TransitionArgs, decision: Extract<TransitionDecision, { ok: false }>) {
  const { refusal } = decision;
  if (refusal.kind === "forbidden") return new ForbiddenError(`${refusal.reason}: you cannot ${args.transition} workflow improvement ${args.id}`);
  const allowed = refusal.allowed.length ? `allowed from ${refusal.current}: ${refusal.allowed.join(", ")}` : `${refusal.current} is final`;
  return new ConflictError(
    `Cannot ${args.transition} workflow improvement ${args.id}: it is ${refusal.current}, and ${args.transition} needs ${refusal.requires} (${allowed})`,
    { currentStatus: refusal.current, allowedTransitions: refusal.allowed },
  );
}
