import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";

const FEED = /* GraphQL */ `
  subscription McpKnowledgeFeed($agentId: ID!, $after: String) {
    knowledgeFeed(agentId: $agentId, after: $after) {
      mode
      cursor
      events {
        cursor
        type
        nodeId
        nodeType
        actorAgentId
        ownerId
        domains
        confidence
        tier
        payload
        createdAt
      }
    }
  }
`;

export interface FeedEventRecord {
  cursor: string;
  type: string;
  nodeId: string;
  nodeType: string;
  [field: string]: unknown;
}

/** What a read of the feed resource returns: the events since the last read, and the cursor to resume after. */
export interface FeedPage {
  cursor: string | null;
  events: FeedEventRecord[];
  /** Events dropped because nobody read them in time (the oldest first); read them again through GraphQL with `after`. */
  dropped: number;
}

export interface FeedWatcher {
  /** The events received since the last take, and the cursor. */
  take(): FeedPage;
  close(): Promise<void>;
}

/** At most this many unread events are kept per agent. */
const MAX_BUFFERED = 1000;
const RETRY_MS = [250, 500, 1000, 2000, 5000];

/**
 * Follows one agent's knowledge feed over graphql-ws, as the MCP client's
 * caller. Each delivery is buffered and `onEvents` is told. When the socket
 * or the subscription ends it subscribes again with `after` = the last cursor
 * received: the feed replays what was missed and nothing delivered is
 * delivered twice (cursors are the outbox's sequence numbers, compared as
 * numbers).
 */
export function watchFeed(opts: { httpUrl: string; headers: () => Promise<Record<string, string>>; agentId: string; onEvents: () => void }): FeedWatcher {
  let cursor: string | null = null;
  let buffered: FeedEventRecord[] = [];
  let dropped = 0;
  let closed = false;
  let attempt = 0;
  const client: Client = createClient({
    url: opts.httpUrl.replace(/^http/, "ws"),
    webSocketImpl: WebSocket,
    connectionParams: opts.headers,
    lazy: true,
    retryAttempts: 0,
  });
  let dispose: (() => void) | undefined;

  // A delivery's cursor is "<seen>" or, while a batch is pending, "<batchedFrom>.<seen>" (feed/feedCursor.ts): how far it got is `seen`.
  const seq = (c: string | null) => (c === null ? -1 : Number(c.slice(c.lastIndexOf(".") + 1)));
  const subscribe = () => {
    if (closed) return;
    dispose = client.subscribe(
      { query: FEED, variables: { agentId: opts.agentId, after: cursor } },
      {
        next: (value) => {
          attempt = 0;
          const delivery = (value.data as { knowledgeFeed?: { cursor: string; events: FeedEventRecord[] } } | null)?.knowledgeFeed;
          if (!delivery) return;
          const fresh = delivery.events.filter((e) => seq(e.cursor) > seq(cursor));
          // The same `seen` still moves the cursor: "30" after "12.30" says the pending batch was delivered since.
          if (seq(delivery.cursor) >= seq(cursor)) cursor = delivery.cursor;
          if (!fresh.length) return;
          buffered.push(...fresh);
          if (buffered.length > MAX_BUFFERED) {
            dropped += buffered.length - MAX_BUFFERED;
            buffered = buffered.slice(-MAX_BUFFERED);
          }
          opts.onEvents();
        },
        error: () => retry(),
        complete: () => retry(),
      },
    );
  };
  const retry = () => {
    if (closed) return;
    const wait = RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]!;
    setTimeout(subscribe, wait).unref();
  };
  subscribe();

  return {
    take() {
      const page = { cursor, events: buffered, dropped };
      buffered = [];
      dropped = 0;
      return page;
    },
    async close() {
      closed = true;
      dispose?.();
      await client.dispose();
    },
  };
}
