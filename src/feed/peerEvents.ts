import { z } from "zod";
import type { OutboxEvent } from "../core/outboxEvent.js";

/**
 * What a gateway tells the others when its sequencer numbered a tenant's
 * events (REDIS_URL): the tenant, and the events themselves, so a gateway with
 * a subscriber of that tenant delivers them without reading the outbox back.
 * The outbox stays the source of truth: an event missing from a message (lost,
 * or a gap before it) is read by the poller, which takes what follows its last
 * seq, so nothing is delivered twice or skipped.
 */
export interface PeerFeedMessage {
  tenantId: string;
  events: OutboxEvent[];
}

const EVENT = z.object({
  tenantId: z.string(),
  seq: z.number().int().positive(),
  type: z.string(),
  nodeId: z.string(),
  nodeType: z.string(),
  actorAgentId: z.string(),
  ownerId: z.string(),
  visibility: z.enum(["PRIVATE", "SHARED"]),
  sharedWith: z.array(z.string()),
  domains: z.array(z.string()),
  confidence: z.number().nullable(),
  tier: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  // JSON carries the instant as its ISO text.
  createdAt: z.coerce.date(),
});

const MESSAGE = z.object({ tenantId: z.string(), events: z.array(EVENT).optional() });

/**
 * A peer's message read back: the tenant, and its events when every one is
 * whole and of that tenant (else none: the poller reads them). Null when the
 * message names no tenant. Pure.
 */
export function readPeerFeedMessage(message: unknown): { tenantId: string; events: OutboxEvent[] } | null {
  const parsed = MESSAGE.safeParse(message);
  if (!parsed.success) {
    const tenantId = (message as { tenantId?: unknown } | null)?.tenantId;
    return typeof tenantId === "string" ? { tenantId, events: [] } : null;
  }
  const { tenantId, events = [] } = parsed.data;
  return { tenantId, events: events.every((e) => e.tenantId === tenantId) ? events : [] };
}
