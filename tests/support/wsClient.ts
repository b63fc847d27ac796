import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";

/** A graphql-ws client on the gateway's /graphql, with the given connection params. */
export function wsClient(httpUrl: string, connectionParams: Record<string, unknown> = {}): Client {
  return createClient({
    url: httpUrl.replace(/^http/, "ws"),
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: true,
  });
}

/** Runs one operation over the socket and resolves with its single result (or the close/error that ended it). */
export function wsRequest(client: Client, query: string, variables: Record<string, unknown> = {}) {
  return new Promise<{ data?: any; errors?: any[] } | { closed: { code: number; reason: string } }>((resolve) => {
    let result: { data?: any; errors?: any[] } | undefined;
    client.subscribe(
      { query, variables },
      {
        next: (value) => (result = value as never),
        error: (err) => {
          const event = err as { code?: number; reason?: string };
          if (typeof event.code === "number") resolve({ closed: { code: event.code, reason: event.reason ?? "" } });
          else resolve({ errors: Array.isArray(err) ? err : [err] });
        },
        complete: () => resolve(result ?? {}),
      },
    );
  });
}
