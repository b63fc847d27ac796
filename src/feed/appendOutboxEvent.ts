import { randomUUID } from "node:crypto";
import type { EventsToStage, NewOutboxEvent, StagedEvents } from "../core/outboxEvent.js";
import type { Tx } from "../graph/executor.js";
import { noRows, type Statement } from "../graph/statement.js";

/** Event types and node types are names from a closed vocabulary, checked before they are stored. */
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
/** A payload is a small summary, not the node: subscribers read the node itself when they need more. */
export const MAX_PAYLOAD_CHARS = 32_000;

// Staged unnumbered, with no lock: the write's id and each event's position in it, for the round that numbers
// them after the commit (outboxSequencer.ts). The OutboxPending label is what that round looks for; stagedAt (the
// database's clock) tells a sweep which events their writer has had time to number itself. Creates `e`, one row an
// event in the order given: STAGE_AND_NUMBER (outboxSequencer.ts) numbers them in the same statement.
export const CREATE_PENDING = `
  UNWIND range(0, size($events) - 1) AS i
  WITH i, $events[i] AS x
  CREATE (e:OutboxEvent:OutboxPending {
    tenantId: $tenantId, writeId: $writeId, pos: i, type: x.type, nodeId: x.nodeId, nodeType: x.nodeType,
    actorAgentId: x.actorAgentId, ownerId: x.ownerId, visibility: x.visibility, sharedWith: x.sharedWith,
    domains: x.domains, confidence: x.confidence, tier: x.tier, payload: x.payload, createdAt: datetime(x.createdAt),
    stagedAt: datetime()
  })`;

/** CREATE_PENDING for a write's events, nothing numbered. */
export const stageEvents = (events: EventsToStage): Statement<void> => noRows(CREATE_PENDING, eventsParams(events));

/** The parameters CREATE_PENDING reads, in any statement that embeds it. */
export const eventsParams = ({ tenantId, writeId, rows }: EventsToStage): Record<string, unknown> => ({ tenantId, writeId, events: rows });

/**
 * A write's events of one tenant, checked and given the write's id, for the
 * write to stage as its last statement (feed/outboxWrite.ts): they commit or
 * roll back with the write they describe. Readers see an event only once it
 * is numbered, in the order given here. No I/O.
 */
export function eventsToStage(events: NewOutboxEvent[]): EventsToStage {
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
  return { tenantId, writeId: randomUUID(), count: rows.length, rows };
}

/** One event to stage (see eventsToStage). */
export const eventToStage = (event: NewOutboxEvent): EventsToStage => eventsToStage([event]);

/**
 * Stages events of one tenant in the caller's transaction at once, unnumbered,
 * taking no lock, so writers of a tenant do not queue on each other; once the
 * transaction has committed, the sequencer numbers them
 * (`OutboxSequencer.number`). For a transaction not run by writeWithEvents,
 * which stages what its work gives back itself.
 */
export async function appendOutboxEvents(tx: Tx, events: NewOutboxEvent[]): Promise<StagedEvents> {
  const toStage = eventsToStage(events);
  if (toStage.count > 0) await tx.run(stageEvents(toStage));
  const { rows: _rows, ...staged } = toStage;
  return staged;
}

/** Stages one event (see appendOutboxEvents). */
export async function appendOutboxEvent(tx: Tx, event: NewOutboxEvent): Promise<StagedEvents> {
  return appendOutboxEvents(tx, [event]);
}
