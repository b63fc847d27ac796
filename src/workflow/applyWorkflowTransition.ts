import { randomUUID } from "node:crypto";
import type { Caller } from "../core/caller.js";
import type { CypherFieldHook } from "../core/cypherFieldHook.js";
import type { RequestContext } from "../core/requestContext.js";
import { jwtOf } from "../auth/claims.js";
import { visibilityParams } from "../auth/policy.js";
import { NotFoundError } from "../errors/errors.js";
import { lockVisibleNode } from "../graph/lockVisibleNode.js";
import type { OutboxSequencer } from "../core/outboxEvent.js";
import { appendOutboxEvent, writeWithEvents } from "../feed/index.js";
import type { GraphTarget, Tx } from "../graph/executor.js";
import { noRows, onlyRow, type Row } from "../graph/statement.js";
import { parseTransitionArgs, type TransitionArgs } from "./transitionArgs.js";
import { transitionRefusal } from "./transitionRefusal.js";
import { transitionStatement } from "./transitionStatement.js";
import { workflowTransitionEvent, type ImprovementSnapshot } from "./workflowTransitionEvent.js";
import { TRANSITIONS, WORKFLOW_STATUSES, type TransitionRule, type WorkflowStatus } from "./workflowTransitions.js";

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

/** The statement's parameters of the gateway's own, beside `$jwt` and the field's arguments (@neo4j/graphql's cypherParams). */
interface TransitionStamp {
  transitionAt: string;
  transitionId: string;
  /** The arguments as parseTransitionArgs checked them (transitionStatement.ts reads these, not the raw ones). */
  checked: { id: string; notes: string | null; conditions: string[] };
}

const STATEMENT = transitionStatement();

// What the statement wrote, read back in its transaction for the feed event.
const WRITTEN = `
  MATCH (n:WorkflowImprovement {tenantId: $callerTenant, id: $id})-[:HAS_TRANSITION]->(t:WorkflowTransition {id: $transitionId})
  RETURN n.ownerId AS ownerId, n.visibility AS visibility, coalesce(n.sharedWith, []) AS sharedWith, coalesce(n.domains, []) AS domains,
         n.confidence AS confidence, n.targetProcess AS targetProcess, t.fromStatus AS from, t.toStatus AS to`;

const VISIBILITIES = ["PRIVATE", "SHARED"] as const;

const ruleOf = (args: TransitionArgs): TransitionRule => TRANSITIONS[args.transition];

const readWritten = (r: Row) => {
  const snapshot: ImprovementSnapshot = {
    ownerId: r.string("ownerId"),
    visibility: r.oneOf("visibility", VISIBILITIES),
    sharedWith: r.strings("sharedWith"),
    domains: r.strings("domains"),
    confidence: r.numberOrNull("confidence"),
    targetProcess: r.string("targetProcess"),
  };
  return { snapshot, from: r.oneOf("from", WORKFLOW_STATUSES), to: r.oneOf("to", WORKFLOW_STATUSES) };
};

/**
 * One transition in ONE write transaction: the improvement is locked
 * (NOT_FOUND unless the caller may read it), then `run` executes the field's
 * statement (transitionStatement.ts: lock, decide, review, move, audit entry)
 * with the stamp, then the outbox event (workflowTransitionEvent.ts) is staged
 * from what it wrote. A refusal of the statement becomes its typed error and
 * leaves no trace; the event is numbered once the transaction has committed.
 */
async function inTransition<T>(deps: WorkflowDeps, caller: Caller, args: TransitionArgs, run: (tx: Tx, stamp: TransitionStamp) => Promise<T>) {
  const { result, events } = await writeWithEvents(deps, async (tx) => {
    const now = deps.now();
    const stamp: TransitionStamp = {
      transitionAt: now.toISOString(),
      transitionId: randomUUID(),
      checked: { id: args.id, notes: args.notes, conditions: args.conditions },
    };
    // Locked first, by a statement of its own: a status read in the same statement as the lock may come from
    // before it (the planner reads properties where it likes), and racing reviewers would all win.
    if (!(await lockVisibleNode(tx, "WorkflowImprovement", { ...visibilityParams(caller), id: args.id }))) {
      throw new NotFoundError(`No workflow improvement ${args.id} visible to you in this tenant`);
    }
    let result: T;
    try {
      result = await run(tx, stamp);
    } catch (err) {
      throw transitionRefusal(err, args) ?? err;
    }
    const written = onlyRow(await tx.run({ cypher: WRITTEN, params: { callerTenant: caller.tenantId, id: args.id, transitionId: stamp.transitionId }, decode: readWritten }));
    const move = { transitionId: stamp.transitionId, from: written.from, to: written.to, decision: ruleOf(args).decision ?? null };
    const staged = await appendOutboxEvent(tx, workflowTransitionEvent(caller, args, written.snapshot, move, now));
    return { result: { result, applied: { improvementId: args.id, transitionId: stamp.transitionId, from: written.from, to: written.to } }, staged };
  });
  return { result: result.result, applied: { ...result.applied, seq: events?.[0]?.seq ?? null } };
}

/**
 * Applies one transition for `caller` outside GraphQL (the same statement the
 * field runs, with the caller's claims as `$jwt`): for callers that hold no
 * request, such as tests with a pinned clock.
 */
export async function applyWorkflowTransition(deps: WorkflowDeps, caller: Caller, args: TransitionArgs): Promise<AppliedTransition> {
  const { applied } = await inTransition(deps, caller, args, (tx, stamp) => tx.run(noRows(STATEMENT, { jwt: jwtOf(caller), transition: args.transition, ...stamp })));
  return applied;
}

/**
 * Mutation.transitionWorkflowImprovement around its @cypher statement: checks
 * the arguments against the Review's limits (transitionArgs.ts), runs the
 * statement and its projection in the transition's transaction with the
 * gateway's clock and the audit entry's id as cypherParams, and answers with
 * the improvement as the statement's projection read it.
 */
export function transitionHook(deps: WorkflowDeps): CypherFieldHook {
  return async (run, args, context: RequestContext) => {
    const input = parseTransitionArgs({ id: args.id, transition: args.transition, notes: args.notes, conditions: args.conditions });
    const { result } = await inTransition(deps, context.caller, input, (tx, stamp) => run({ ...context, executionContext: tx.forGraphql(), cypherParams: stamp }));
    return result;
  };
}
