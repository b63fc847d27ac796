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

/** Events a write staged in its transaction, unnumbered: what the sequencer numbers once the write has committed. */
export interface StagedEvents {
  tenantId: string;
  writeId: string;
  count: number;
}

/**
 * Numbers the knowledge feed's events (src/feed/outboxSequencer.ts): writers
 * stage events without a lock, and one round at a time per tenant numbers every
 * pending event after their writes commit, or a write holding the tenant's turn
 * numbers its own in its transaction; 1, 2, 3, … without gaps, in commit order.
 */
export interface OutboxSequencer {
  /**
   * The staged events of a committed write, numbered: a round that starts after this call numbers them unless
   * another process's round has. Null when numbering failed (logged): the write stands, and a sweep numbers them.
   */
  number(staged: StagedEvents): Promise<OutboxEvent[] | null>;
  /**
   * Leave for a write about to commit to number its own events in its transaction, as its last statement
   * (feed/outboxWrite.ts): granted when no other write holding a turn and no round of the tenant is in flight in
   * this process, else null (the write stages them and calls `number` after its commit). The holder calls `done`
   * once: with the events as committed (the listeners hear them), or with null when its transaction failed.
   */
  turn(tenantId: string): SequencerTurn | null;
  /**
   * Whether a round or a turn of this process is numbering the tenant's events right now: events it commits are
   * handed to the listeners within moments, so the feed's timed probe leaves the tenant to them (feed/feedHub.ts).
   */
  numbering(tenantId: string): boolean;
  /** Called with every event a round of this process numbered, in order (the feed hands them to subscribers). */
  onNumbered(listener: (tenantId: string, events: OutboxEvent[]) => void): () => void;
  /** Numbers now the pending events of every tenant that has one pending for longer than the sweep's minimum age. */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

/** A write's leave to number its own events in its transaction (OutboxSequencer.turn). */
export interface SequencerTurn {
  done(events: OutboxEvent[] | null): void;
}
