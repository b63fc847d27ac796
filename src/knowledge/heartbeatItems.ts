import type { KnowledgeItem } from "./knowledgeItem.js";
import type { TaskType, TaskStatus } from "../generated/resolvers-types.js";

export interface PendingApproval {
  improvementId: string;
  targetProcess: string;
  ownerId: string;
  submittedForApprovalAt: string;
  waitingMinutes: number;
}

export interface BlockedTask {
  id: string;
  taskType: TaskType;
  description: string;
  status: TaskStatus;
  createdAt: string;
}

export interface HeartbeatItem {
  kind: "PENDING_APPROVAL" | "BLOCKED_TASK" | "UNREAD_KNOWLEDGE";
  refId: string;
  text: string;
  priority: number;
}

/** An approval waits on someone: first. A blocked task next. Unread knowledge by how sure its author is. */
export const HEARTBEAT_PRIORITY = { approval: 1, blocked: 0.9, knowledgePerConfidence: 0.8 } as const;

/** Longest piece of a node's text a checklist line quotes. */
const QUOTE = 160;
const quote = (s: string | null) => (s && s.length > QUOTE ? `${s.slice(0, QUOTE - 1)}…` : (s ?? ""));

/** Whole minutes from `since` (ISO) to `now`. Pure. */
export const minutesSince = (since: string, now: Date) => Math.floor((now.getTime() - Date.parse(since)) / 60_000);

/**
 * The checklist's sections as one list, highest priority first (ties keep
 * section order: approvals, blocked tasks, knowledge). Pure.
 */
export function heartbeatItems(approvals: readonly PendingApproval[], blocked: readonly BlockedTask[], unread: readonly KnowledgeItem[]): HeartbeatItem[] {
  const items: HeartbeatItem[] = [
    ...approvals.map((a) => ({
      kind: "PENDING_APPROVAL" as const,
      refId: a.improvementId,
      text: `Pending approval: ${quote(a.targetProcess)} (from ${a.ownerId}, waiting ${a.waitingMinutes} min)`,
      priority: HEARTBEAT_PRIORITY.approval,
    })),
    ...blocked.map((t) => ({ kind: "BLOCKED_TASK" as const, refId: t.id, text: `Blocked ${t.taskType} task: ${quote(t.description)}`, priority: HEARTBEAT_PRIORITY.blocked })),
    ...unread.map((k) => ({
      kind: "UNREAD_KNOWLEDGE" as const,
      refId: k.id,
      text: `Unread ${k.type} from ${k.ownerId}: ${quote(k.title)}`,
      priority: HEARTBEAT_PRIORITY.knowledgePerConfidence * k.confidence,
    })),
  ];
  return items.map((item, i) => ({ item, i })).sort((a, b) => b.item.priority - a.item.priority || a.i - b.i).map(({ item }) => item);
}
