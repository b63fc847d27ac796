import type { Caller } from "../core/caller.js";
import type { NewOutboxEvent } from "../core/outboxEvent.js";

export const KNOWLEDGE_CREATED = "KNOWLEDGE_CREATED";
export const KNOWLEDGE_UPDATED = "KNOWLEDGE_UPDATED";

/** A knowledge node as the writing transaction left it (the properties the feed needs). */
export interface WrittenKnowledge {
  nodeType: string;
  operation: "CREATE" | "UPDATE";
  id: string;
  ownerId: string;
  visibility: "PRIVATE" | "SHARED";
  sharedWith: string[];
  domains: string[];
  confidence: number | null;
  /** SecurityAudit only. */
  overallRisk: string | null;
  /** A short human summary: title, topic, name or insight. */
  summary: string | null;
}

const ALERT_RISKS = new Set(["CRITICAL", "HIGH"]);
const SUMMARY_CHARS = 300;

/**
 * The agent team's tier 3, what reaches every agent beyond their rules: new
 * syntheses, and security audits rated CRITICAL or HIGH (on create, or when an
 * update leaves them so). Approved process changes are broadcast by the
 * workflow gate itself. Pure.
 */
export function broadcastTier(node: Pick<WrittenKnowledge, "nodeType" | "operation" | "overallRisk">): "BROADCAST" | null {
  if (node.nodeType === "Synthesis" && node.operation === "CREATE") return "BROADCAST";
  if (node.nodeType === "SecurityAudit" && node.overallRisk !== null && ALERT_RISKS.has(node.overallRisk)) return "BROADCAST";
  return null;
}

/** The outbox event of one knowledge node a generated mutation wrote. Pure. */
export function knowledgeEvent(caller: Caller, node: WrittenKnowledge, at: Date): NewOutboxEvent {
  return {
    tenantId: caller.tenantId,
    type: node.operation === "CREATE" ? KNOWLEDGE_CREATED : KNOWLEDGE_UPDATED,
    nodeId: node.id,
    nodeType: node.nodeType,
    actorAgentId: caller.agentId,
    ownerId: node.ownerId,
    visibility: node.visibility,
    sharedWith: node.sharedWith,
    domains: node.domains,
    confidence: node.confidence,
    tier: broadcastTier(node),
    payload: { summary: node.summary === null ? null : node.summary.slice(0, SUMMARY_CHARS), ...(node.overallRisk ? { overallRisk: node.overallRisk } : {}) },
    createdAt: at,
  };
}
