import { randomUUID } from "node:crypto";
import type { NewOutboxEvent, StagedEvents } from "../core/outboxEvent.js";
import type { Tx } from "../graph/executor.js";
import { noRows } from "../graph/statement.js";

/** Event types and node types are names from a closed vocabulary, checked before they are stored. */
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
/** A payload is a small summary, not the node: subscribers read the node itself when they need more. */
export const MAX_PAYLOAD_CHARS = 32_000;

// Staged unnumbered, with no lock: the write's id and each event's position in it, for the round that numbers
// them after the commit (outboxSequencer.ts). The OutboxPending label is what that round looks for; stagedAt (the
// database's clock) tells a sweep which events their writer has had time to number itself.
const STAGE = `
  UNWIND range(0, size($events) - 1) AS i
  WITH i, $events[i] AS e
  CREATE (:OutboxEvent:OutboxPending {
    tenantId: $tenantId, writeId: $writeId, pos: i, type: e.type, nodeId: e.nodeId, nodeType: e.nodeType,
    actorAgentId: e.actorAgentId, ownerId: e.ownerId, visibility: e.visibility, sharedWith: e.sharedWith,
    domains: e.domains, confidence: e.confidence, tier: e.tier, payload: e.payload, createdAt: datetime(e.createdAt),
    stagedAt: datetime()
  })`;

/**
 * Stages events of one tenant in the caller's transaction, so they commit or
 * roll back with the write they describe; they take no lock, so writers of a
 * tenant do not queue on each other. Once the transaction has committed, the
 * sequencer numbers them (`OutboxSequencer.number`): readers see an event
 * only then, with its sequence number, numbered in the order given here.
 */
export async function appendOutboxEvents(tx: Tx, events: NewOutboxEvent[]): Promise<StagedEvents> {
  const tenantId = events[0]?.tenantId ?? "";
  const rows = events.map((event) => {
    if (event.tenantId !== tenantId) throw new Error("One append holds events of one tenant");
    if (!NAME.test(event.type)) throw new Error(`Outbox event type must be a plain name, got ${JSON.stringify(event.type)}`);
    if (!NAME.test(event.nodeType)) throw new Error(`Outbox node type must be a plain name, got ${JSON.stringify(event.nodeType)}`);
    const payload = JSON.stringify(event.payload);
    if (payload.length > MAX_PAYLOAD_CHARS) throw new Error(`Outbox payload is ${payload.length} characters; at most ${MAX_PAYLOAD_CHARS}`);
    const { tenantId: _tenant, createdAt, ...rest } = event;
    return { ...rest, payload, createdAt: createdAt.toISOString() };
  });
  const staged = { tenantId, writeId: randomUUID(), count: rows.length };
  if (rows.length > 0) await tx.run(noRows(STAGE, { tenantId, writeId: staged.writeId, events: rows }));
  return staged;
}

/** Stages one event (see appendOutboxEvents). */
export async function appendOutboxEvent(tx: Tx, event: NewOutboxEvent): Promise<StagedEvents> {
  return appendOutboxEvents(tx, [event]);
}
