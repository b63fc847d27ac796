import type { NewOutboxEvent } from "../../../src/core/outboxEvent.js";

/** A knowledge event about `nodeId` as the outbox tests append it; `extra` overrides any field. */
export const sampleEvent = (tenantId: string, nodeId: string, extra: Partial<NewOutboxEvent> = {}): NewOutboxEvent => ({
  tenantId,
  type: "KNOWLEDGE_CREATED",
  nodeId,
  nodeType: "Research",
  actorAgentId: "mongke",
  ownerId: "mongke",
  visibility: "SHARED",
  sharedWith: [],
  domains: ["async"],
  confidence: 0.85,
  tier: null,
  payload: { title: nodeId },
  createdAt: new Date("2026-02-03T10:00:00.000Z"),
  ...extra,
});
