import neo4j, { type ManagedTransaction, type Transaction } from "neo4j-driver";
import type { NewOutboxEvent } from "./outboxEvent.js";

/** Event types and node types are names from a closed vocabulary, checked before they are stored. */
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
/** A payload is a small summary, not the node: subscribers read the node itself when they need more. */
export const MAX_PAYLOAD_CHARS = 32_000;

// The counter node is locked by `SET c.seq = c.seq + 1` (a write that reads the
// property it writes takes the write lock first) and stays locked until the
// transaction ends: concurrent writers of a tenant queue here, each gets the
// next number, and they commit in the order of their numbers. A rolled-back
// transaction gives its number back. MERGE is race-free thanks to the unique
// constraint on OutboxCounter.tenantId (src/graph/migrations/outboxMigrations.ts).
const APPEND = `
  MERGE (c:OutboxCounter {tenantId: $tenantId})
  ON CREATE SET c.seq = 0
  SET c.seq = c.seq + 1
  CREATE (e:OutboxEvent {
    tenantId: $tenantId, seq: c.seq, type: $type, nodeId: $nodeId, nodeType: $nodeType,
    actorAgentId: $actorAgentId, ownerId: $ownerId, visibility: $visibility, sharedWith: $sharedWith,
    domains: $domains, confidence: $confidence, tier: $tier, payload: $payload, createdAt: datetime($createdAt)
  })
  RETURN e.seq AS seq`;

/**
 * Appends an event to the tenant's outbox inside the caller's transaction, so
 * the event commits or rolls back with the write it describes. Call it last in
 * the transaction: from here to the commit, other writers of the tenant wait.
 * Returns the event's sequence number.
 */
export async function appendOutboxEvent(tx: ManagedTransaction | Transaction, event: NewOutboxEvent): Promise<number> {
  if (!NAME.test(event.type)) throw new Error(`Outbox event type must be a plain name, got ${JSON.stringify(event.type)}`);
  if (!NAME.test(event.nodeType)) throw new Error(`Outbox node type must be a plain name, got ${JSON.stringify(event.nodeType)}`);
  const payload = JSON.stringify(event.payload);
  if (payload.length > MAX_PAYLOAD_CHARS) throw new Error(`Outbox payload is ${payload.length} characters; at most ${MAX_PAYLOAD_CHARS}`);
  const { records } = await tx.run(APPEND, {
    tenantId: event.tenantId,
    type: event.type,
    nodeId: event.nodeId,
    nodeType: event.nodeType,
    actorAgentId: event.actorAgentId,
    ownerId: event.ownerId,
    visibility: event.visibility,
    sharedWith: event.sharedWith,
    domains: event.domains,
    confidence: event.confidence,
    tier: event.tier,
    payload,
    createdAt: event.createdAt.toISOString(),
  });
  return neo4j.integer.toNumber(records[0]!.get("seq"));
}
