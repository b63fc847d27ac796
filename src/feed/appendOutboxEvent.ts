import neo4j, { type ManagedTransaction, type Transaction } from "neo4j-driver";
import type { NewOutboxEvent, OutboxEvent } from "../core/outboxEvent.js";

/** Event types and node types are names from a closed vocabulary, checked before they are stored. */
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
/** A payload is a small summary, not the node: subscribers read the node itself when they need more. */
export const MAX_PAYLOAD_CHARS = 32_000;

// The counter node is locked by `SET c.seq = c.seq + n` (a write that reads the
// property it writes takes the write lock first) and stays locked until the
// transaction ends: concurrent writers of a tenant queue here, each gets the
// next numbers, and they commit in the order of their numbers. A rolled-back
// transaction gives its numbers back. MERGE is race-free thanks to the unique
// constraint on OutboxCounter.tenantId (src/feed/outboxMigrations.ts).
// All events of one transaction go in one statement: the lock is held for one round trip and the commit.
const APPEND = `
  MERGE (c:OutboxCounter {tenantId: $tenantId})
  ON CREATE SET c.seq = 0
  SET c.seq = c.seq + size($events)
  WITH c, c.seq - size($events) AS base
  UNWIND range(0, size($events) - 1) AS i
  WITH base + i + 1 AS seq, $events[i] AS e
  CREATE (:OutboxEvent {
    tenantId: $tenantId, seq: seq, type: e.type, nodeId: e.nodeId, nodeType: e.nodeType,
    actorAgentId: e.actorAgentId, ownerId: e.ownerId, visibility: e.visibility, sharedWith: e.sharedWith,
    domains: e.domains, confidence: e.confidence, tier: e.tier, payload: e.payload, createdAt: datetime(e.createdAt)
  })
  RETURN seq ORDER BY seq`;

/**
 * Appends events of one tenant to its outbox inside the caller's transaction,
 * so they commit or roll back with the write they describe. Call it last in
 * the transaction, once: from here to the commit, other writers of the tenant
 * wait. Returns the events as readers will see them once committed (with their
 * sequence numbers, consecutive in the order given).
 */
export async function appendOutboxEvents(tx: ManagedTransaction | Transaction, events: NewOutboxEvent[]): Promise<OutboxEvent[]> {
  if (events.length === 0) return [];
  const tenantId = events[0]!.tenantId;
  const rows = events.map((event) => {
    if (event.tenantId !== tenantId) throw new Error("One append holds events of one tenant");
    if (!NAME.test(event.type)) throw new Error(`Outbox event type must be a plain name, got ${JSON.stringify(event.type)}`);
    if (!NAME.test(event.nodeType)) throw new Error(`Outbox node type must be a plain name, got ${JSON.stringify(event.nodeType)}`);
    const payload = JSON.stringify(event.payload);
    if (payload.length > MAX_PAYLOAD_CHARS) throw new Error(`Outbox payload is ${payload.length} characters; at most ${MAX_PAYLOAD_CHARS}`);
    const { tenantId: _tenant, createdAt, ...rest } = event;
    return { ...rest, payload, createdAt: createdAt.toISOString() };
  });
  const { records } = await tx.run(APPEND, { tenantId, events: rows });
  return records.map((r, i) => {
    const row = rows[i]!;
    // As readOutbox gives it back: the payload through JSON, the time at millisecond precision.
    return { ...events[i]!, seq: neo4j.integer.toNumber(r.get("seq")), payload: JSON.parse(row.payload) as Record<string, unknown>, createdAt: new Date(row.createdAt) };
  });
}

/** Appends one event (see appendOutboxEvents) and returns it as stored, with its sequence number. */
export async function appendOutboxEvent(tx: ManagedTransaction | Transaction, event: NewOutboxEvent): Promise<OutboxEvent> {
  const [stored] = await appendOutboxEvents(tx, [event]);
  return stored!;
}
