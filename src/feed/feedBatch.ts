import type { FeedPosition } from "./feedCursor.js";
import type { EventRoute } from "./feedRules.js";
import type { OutboxEvent } from "../core/outboxEvent.js";

/** One message of a feed: events to deliver now and the position to resume from after them. */
export interface FeedDelivery<E extends OutboxEvent = OutboxEvent> {
  mode: "REPLAY" | "IMMEDIATE" | "BATCH";
  events: E[];
  position: FeedPosition;
}

/**
 * A connection's feed state: where it stands and the batch it is filling. Never mutated: each step returns a new one.
 * `E` is the event as the connection delivers it (the stream's carry the rules that selected them).
 */
export interface FeedState<E extends OutboxEvent = OutboxEvent> {
  position: FeedPosition;
  pending: E[];
}

export function startState<E extends OutboxEvent = OutboxEvent>(seq: number): FeedState<E> {
  return { position: { seen: seq, batchedFrom: seq }, pending: [] };
}

/** Where the client may resume after the state's deliveries: BATCHED events still pending come again. */
function positionOf(seen: number, pending: readonly OutboxEvent[]): FeedPosition {
  return { seen, batchedFrom: pending.length ? pending[0]!.seq - 1 : seen };
}

/**
 * Takes the next outbox event (in seq order) with its route for this reader:
 * an IMMEDIATE one is delivered now, a BATCHED one joins the batch, any other
 * only advances the position. Events at or before `seen` are ignored, which is
 * what makes delivery exactly-once per connection. Pure.
 */
export function takeEvent<E extends OutboxEvent>(state: FeedState<E>, event: E, route: EventRoute): { state: FeedState<E>; delivery: FeedDelivery<E> | null } {
  if (event.seq <= state.position.seen) return { state, delivery: null };
  const pending = route === "BATCHED" ? [...state.pending, event] : state.pending;
  const next = { position: positionOf(event.seq, pending), pending };
  const delivery = route === "IMMEDIATE" ? { mode: "IMMEDIATE" as const, events: [event], position: next.position } : null;
  return { state: next, delivery };
}

/** Delivers the batch, if any: afterwards everything seen is delivered. Pure. */
export function flushBatch<E extends OutboxEvent>(state: FeedState<E>): { state: FeedState<E>; delivery: FeedDelivery<E> | null } {
  if (state.pending.length === 0) return { state, delivery: null };
  const next: FeedState<E> = { position: positionOf(state.position.seen, []), pending: [] };
  return { state: next, delivery: { mode: "BATCH", events: state.pending, position: next.position } };
}

/**
 * Catching up from a cursor: every event the reader missed is delivered now
 * (a reconnecting agent wants what it missed, not a wait for the next batch).
 * Events in (batchedFrom, seen] were examined before: only the BATCHED ones
 * among them were not delivered then. Pure.
 */
export function replayRoute(from: FeedPosition, event: OutboxEvent, route: EventRoute): boolean {
  if (event.seq <= from.batchedFrom) return false;
  if (event.seq <= from.seen) return route === "BATCHED";
  return route !== null;
}
