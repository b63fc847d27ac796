import type { FeedDelivery, FeedEvent } from "@mnemograph/client";

/** What a read of the feed resource returns: the events since the last read, and the cursor to resume after. */
export interface FeedPage {
  cursor: string | null;
  events: FeedEvent[];
  /** Events dropped because nobody read them in time (the oldest first); read them again through GraphQL with `after`. */
  dropped: number;
  /** Why the feed stopped (the gateway refused it: FORBIDDEN, BAD_USER_INPUT), when it did. */
  error?: string;
}

/** At most this many unread events are kept per agent. */
export const MAX_BUFFERED = 1000;

/**
 * The unread part of one agent's feed, between deliveries and reads: pure, so
 * the bound and the cursor are tested without a socket.
 */
export class FeedPageBuffer {
  private cursor: string | null = null;
  private events: FeedEvent[] = [];
  private dropped = 0;
  private error: string | undefined;

  constructor(private readonly max = MAX_BUFFERED) {}

  /** Keeps a delivery's events (the oldest dropped beyond the bound); true when it brought any. */
  push(delivery: Pick<FeedDelivery, "cursor" | "events">): boolean {
    this.cursor = delivery.cursor;
    if (!delivery.events.length) return false;
    this.events.push(...delivery.events);
    if (this.events.length > this.max) {
      this.dropped += this.events.length - this.max;
      this.events = this.events.slice(-this.max);
    }
    return true;
  }

  fail(message: string): void {
    this.error = message;
  }

  /** The events since the last take, and the cursor. */
  take(): FeedPage {
    const page: FeedPage = { cursor: this.cursor, events: this.events, dropped: this.dropped, ...(this.error ? { error: this.error } : {}) };
    this.events = [];
    this.dropped = 0;
    return page;
  }
}
