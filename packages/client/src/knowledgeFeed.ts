import { createClient } from "graphql-ws";
import { KnowledgeFeedDocument, type KnowledgeFeedSubscription } from "./generated/operations.js";
import { errorOfGraphQL, MnemographError, type GraphQLErrorShape } from "./MnemographError.js";
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from "./retryPolicy.js";
import type { TokenSource } from "./tokenSource.js";

/** One delivery of the feed: REPLAY, IMMEDIATE or BATCH, with the cursor to resume after it. */
export type FeedDelivery = KnowledgeFeedSubscription["knowledgeFeed"];
export type FeedEvent = FeedDelivery["events"][number];

export interface KnowledgeFeedOptions {
  agentId: string;
  /** A delivery's cursor from earlier: the feed replays what came after it. Without it, live from now. */
  after?: string | null | undefined;
  /** Consecutive failed connections before the iterator throws (default 10). */
  maxReconnects?: number;
}

/** The knowledge feed as an async iterator of deliveries; `cursor` is where it would resume. */
export interface KnowledgeFeed extends AsyncIterable<FeedDelivery> {
  /** The cursor of the last delivery received (or the `after` it started from). */
  readonly cursor: string | null;
  /** How many times the subscription was opened again after losing its connection. */
  readonly reconnects: number;
  /** Ends the iteration and closes the socket. */
  close(): Promise<void>;
}

export interface FeedConnection {
  /** The gateway's GraphQL endpoint over HTTP; the socket is the same path over ws(s). */
  url: string;
  tokens: TokenSource;
  webSocketImpl: unknown;
  retry: RetryPolicy;
  sleep: (ms: number) => Promise<void>;
}

/** Close codes graphql-ws uses when the connection's credentials were refused. */
const REFUSED_CREDENTIALS = new Set([4401, 4403]);
const RECONNECT_BACKOFF: RetryPolicy = { ...DEFAULT_RETRY_POLICY, maxAttempts: Infinity, maxDelayMs: 5_000, retryOn: ["SOCKET_CLOSED"] };

/** What ended a subscription attempt, as the client's error when it is the gateway's refusal. */
function failureOf(err: unknown): { error: MnemographError; closeCode?: number } {
  if (err instanceof MnemographError) return { error: err };
  if (Array.isArray(err) && err.length > 0) return { error: errorOfGraphQL(err[0] as GraphQLErrorShape) };
  const close = err as { code?: unknown; reason?: unknown };
  if (typeof close?.code === "number") return { error: new MnemographError(`The feed's socket closed (${close.code} ${String(close.reason ?? "")})`, "SOCKET_CLOSED"), closeCode: close.code };
  return { error: new MnemographError(err instanceof Error ? err.message : String(err), "SOCKET_CLOSED") };
}

/**
 * Follows an agent's knowledge feed over graphql-ws. When the connection is
 * lost, or the gateway ends the subscription, it subscribes again with
 * `after` = the cursor of the last delivery: the feed replays exactly what
 * was missed, so no event is lost or received twice (the delivery cursor
 * covers batched events still waiting; see docs/knowledge-feed.md). Waits
 * between attempts follow the retry policy (RATE_LIMITED's retryAfterSeconds
 * honoured); a refusal that waiting cannot fix (FORBIDDEN, BAD_USER_INPUT) is
 * thrown to the loop that iterates.
 */
export function knowledgeFeed(connection: FeedConnection, { agentId, after = null, maxReconnects = 10 }: KnowledgeFeedOptions): KnowledgeFeed {
  let cursor: string | null = after;
  let reconnects = 0;
  let closed = false;
  const socket = createClient({
    url: connection.url.replace(/^http/, "ws"),
    webSocketImpl: connection.webSocketImpl,
    // Asked again on every connection: a renewed token for each reconnect.
    connectionParams: () => connection.tokens.headers(),
    lazy: true,
    retryAttempts: 0,
  });

  async function* deliveries(): AsyncGenerator<FeedDelivery> {
    let failures = 0;
    try {
      while (!closed) {
        try {
          for await (const result of socket.iterate<KnowledgeFeedSubscription>({ query: KnowledgeFeedDocument.toString(), variables: { agentId, after: cursor } })) {
            if (result.errors?.length) throw errorOfGraphQL(result.errors[0] as GraphQLErrorShape);
            const delivery = result.data?.knowledgeFeed;
            if (!delivery) continue;
            cursor = delivery.cursor;
            failures = 0;
            yield delivery;
          }
          // The gateway ended the subscription (it is shutting down): resume from the cursor.
        } catch (err) {
          if (closed) return;
          const { error, closeCode } = failureOf(err);
          failures += 1;
          const wait = error.code === "SOCKET_CLOSED" ? retryDelayMs(error, failures, RECONNECT_BACKOFF) : retryDelayMs(error, failures, { ...connection.retry, maxAttempts: Infinity });
          if (wait === null || failures > maxReconnects) throw error;
          if (closeCode !== undefined && REFUSED_CREDENTIALS.has(closeCode)) await connection.tokens.renew();
          await connection.sleep(wait);
        }
        if (!closed) reconnects += 1;
      }
    } finally {
      await socket.dispose();
    }
  }

  const iterator = deliveries();
  return {
    [Symbol.asyncIterator]: () => iterator,
    get cursor() {
      return cursor;
    },
    get reconnects() {
      return reconnects;
    },
    async close() {
      closed = true;
      await socket.dispose();
      await iterator.return(undefined);
    },
  };
}
