/**
 * One entry of the durable outbox (docs/knowledge-feed.md): a fact about a
 * committed knowledge write, numbered by `seq` within its tenant. Events are
 * appended in the writing transaction and never changed afterwards.
 */
export interface OutboxEvent {
  tenantId: string;
  /** 1, 2, 3, … per tenant, without gaps: the feed's cursor. */
  seq: number;
  /** What happened, e.g. `WORKFLOW_TRANSITION`. */
  type: string;
  /** The node the event is about, and its GraphQL type (`WorkflowImprovement`). */
  nodeId: string;
  nodeType: string;
  /** The agent whose request wrote it. */
  actorAgentId: string;
  /** The node's owner and who could read it when the event was written: the feed delivers only to those. */
  ownerId: string;
  visibility: "PRIVATE" | "SHARED";
  sharedWith: string[];
  domains: string[];
  confidence: number | null;
  /** Subscription tier the event is addressed to beyond matching rules (`BROADCAST`), or null. */
  tier: string | null;
  /** Type-specific details, as stored (a JSON object). */
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** What a writer gives appendOutboxEvent: everything but the tenant-wide sequence number. */
export type NewOutboxEvent = Omit<OutboxEvent, "seq">;
