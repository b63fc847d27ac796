import type { NewOutboxEvent } from "../core/outboxEvent.js";

/** Event types the belief and memory tools append to the outbox (docs/knowledge-feed.md). */
export const BELIEF_FORMED_EVENT = "BELIEF_FORMED";
export const KNOWLEDGE_STORED_EVENT = "KNOWLEDGE_STORED";
export const KNOWLEDGE_SHARED_EVENT = "KNOWLEDGE_SHARED";

/** A knowledge node as an event describes it: who may read it at the moment of the write. */
export interface KnowledgeSnapshot {
  id: string;
  nodeType: string;
  ownerId: string;
  visibility: "PRIVATE" | "SHARED";
  sharedWith: string[];
  domains: string[];
  confidence: number | null;
}

/**
 * One outbox event about a knowledge node, with its visibility as written (the
 * feed delivers it only to agents who could read the node). Pure.
 */
export function knowledgeEvent(
  type: typeof BELIEF_FORMED_EVENT | typeof KNOWLEDGE_STORED_EVENT | typeof KNOWLEDGE_SHARED_EVENT,
  node: KnowledgeSnapshot,
  actor: { tenantId: string; agentId: string },
  payload: Record<string, unknown>,
  at: Date,
): NewOutboxEvent {
  return {
    tenantId: actor.tenantId,
    type,
    nodeId: node.id,
    nodeType: node.nodeType,
    actorAgentId: actor.agentId,
    ownerId: node.ownerId,
    visibility: node.visibility,
    sharedWith: node.sharedWith,
    domains: node.domains,
    confidence: node.confidence,
    tier: null,
    payload,
    createdAt: at,
  };
}
