import { hasRole, visibilityParams } from "../auth/policy.js";
import type { RequestContext } from "../core/requestContext.js";
import { executor } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import { limit as limitArg, unit } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { heartbeatItems, minutesSince, type BlockedTask, type PendingApproval } from "./heartbeatItems.js";
import { subjectAgent } from "./knowledgeArgs.js";
import { knowledgeProjection, toKnowledgeItem } from "./knowledgeItem.js";
import { ANY_KNOWLEDGE } from "./knowledgeTypes.js";
import { visibleAs } from "../graph/visibleAs.js";
import { TASK_STATUSES, TASK_TYPES } from "../core/storedEnums.js";

/**
 * The three sections in one read. Approvals: improvements PENDING_APPROVAL
 * submitted over an hour ago that the agent does not own (no self-approval),
 * only when the caller may approve. Blocked: tasks ASSIGNED_TO the agent.
 * Unread: knowledge of other agents matching any of the agent's subscription
 * rules (source agent, types, domains; empty means any), at least the rule's
 * and the query's confidence, with no ACCESSED from the agent.
 */
const CYPHER = `
  CALL () {
    MATCH (w:WorkflowImprovement {tenantId: $callerTenant, status: 'PENDING_APPROVAL'})
    WHERE $approver AND ${visibleAs("w")} AND w.ownerId <> $agentId
      AND w.submittedForApprovalAt <= datetime($now) - duration('PT1H')
    WITH w ORDER BY w.submittedForApprovalAt, w.id LIMIT $limit
    RETURN collect(w { .id, .targetProcess, .ownerId, submittedAt: w.submittedForApprovalAt.epochMillis }) AS approvals
  }
  CALL () {
    MATCH (t:Task {tenantId: $callerTenant, status: 'BLOCKED'})-[:ASSIGNED_TO]->(:Agent {tenantId: $callerTenant, id: $agentId})
    WHERE ${visibleAs("t")}
    WITH DISTINCT t ORDER BY t.createdAt, t.id LIMIT $limit
    RETURN collect(t { .id, .taskType, .description, .status, createdAt: t.createdAt.epochMillis }) AS blocked
  }
  CALL () {
    MATCH (m:Agent {tenantId: $callerTenant, id: $agentId})-[:HAS_SUBSCRIPTION]->(rule:SubscriptionRule)
    WHERE ${visibleAs("rule")}
    WITH m, rule, [(rule)-[:FROM_AGENT]->(source:Agent) | source.id] AS sources
    MATCH (n:${ANY_KNOWLEDGE})
    WHERE n.tenantId = $callerTenant AND n.ownerId <> $agentId AND ${visibleAs("n")}
      AND (size(sources) = 0 OR n.ownerId IN sources)
      AND (size(rule.knowledgeTypes) = 0 OR any(l IN labels(n) WHERE l IN rule.knowledgeTypes))
      AND (size(rule.domains) = 0 OR any(d IN n.domains WHERE d IN rule.domains))
      AND n.confidence >= $minConfidence AND n.confidence >= rule.minConfidence
      AND NOT EXISTS { (m)-[:ACCESSED]->(n) }
    WITH DISTINCT n ORDER BY n.confidence DESC, n.createdAt DESC, n.id LIMIT $limit
    RETURN collect(${knowledgeProjection("n")}) AS unread
  }
  RETURN approvals, blocked, unread`;

const iso = (millis: number | null) => new Date(millis ?? 0).toISOString();

/** `Query.heartbeatChecklist` (the agent team's heartbeat, replacing HEARTBEAT.md). */
export function heartbeatChecklistResolver(deps: AppDeps) {
  return async (_: unknown, args: { agentId?: string | null; minConfidence?: number | null; limit?: number | null }, ctx: RequestContext) => {
    const agentId = subjectAgent("heartbeatChecklist.agentId", args.agentId, ctx.caller);
    const now = deps.now();
    const [row] = await executor(deps).read({
      cypher: CYPHER,
      params: {
        ...visibilityParams(ctx.caller),
        agentId,
        approver: hasRole(ctx.caller, "approver") || hasRole(ctx.caller, "admin"),
        now: now.toISOString(),
        minConfidence: unit("heartbeatChecklist.minConfidence", args.minConfidence, 0.7),
        limit: cypherInt(limitArg("heartbeatChecklist.limit", args.limit, 20)),
      },
      decode: (r) => ({
        approvals: r.rows("approvals").map((w) => ({
          improvementId: w.string("id"),
          targetProcess: w.string("targetProcess"),
          ownerId: w.string("ownerId"),
          submittedForApprovalAt: iso(w.numberOrNull("submittedAt")),
        })),
        blocked: r.rows("blocked").map(
          (t): BlockedTask => ({
            id: t.string("id"),
            taskType: t.oneOf("taskType", TASK_TYPES),
            description: t.string("description"),
            status: t.oneOf("status", TASK_STATUSES),
            createdAt: iso(t.numberOrNull("createdAt")),
          }),
        ),
        unread: r.rows("unread").map(toKnowledgeItem),
      }),
    });
    const pendingApprovals: PendingApproval[] = row!.approvals.map((a) => ({ ...a, waitingMinutes: minutesSince(a.submittedForApprovalAt, now) }));
    const blockedTasks = row!.blocked;
    const unreadKnowledge = row!.unread;
    return {
      agentId,
      generatedAt: now.toISOString(),
      pendingApprovals,
      blockedTasks,
      unreadKnowledge,
      items: heartbeatItems(pendingApprovals, blockedTasks, unreadKnowledge),
    };
  };
}
