/**
 * One agent's knowledgeFeed subscriber over graphql-ws, as a real agent runs
 * it: it starts from cursor "0" (the outbox is empty when the run begins, so
 * it should get every event its rules select), keeps the cursor of the last
 * delivery, and when the subscription ends (an error such as
 * SERVICE_UNAVAILABLE, the socket closing, a completion it did not ask for)
 * it backs off (backoff.ts) and subscribes again on a new socket with that
 * cursor, which the feed defines as "nothing lost, nothing twice".
 */
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { backoffMs } from "./backoff.js";
import type { RateBudget } from "./rateBudget.js";

const FEED = `subscription ($a: ID!, $after: String) { knowledgeFeed(agentId: $a, after: $after) { mode cursor events { cursor nodeId } } }`;
/** A subscription that lasted this long was serving: the next failure starts the back-off over. */
const SERVED_MS = 5_000;

export interface Receipt {
  seq: number;
  nodeId: string;
  mode: string;
  /** Which subscription (1 = the first) delivered it. */
  connection: number;
  at: number;
}

export interface FeedLog {
  agentId: string;
  tenant: string;
  receipts: Receipt[];
  /** Why each subscription ended before the run did, and when (performance.now()). */
  ends: { at: number; why: string }[];
  subscriptions: number;
  /** The first delivery after each resubscription, and when. */
  resumed: { at: number; connection: number }[];
}

export interface FeedSubscriber {
  log: FeedLog;
  stop(): Promise<void>;
}

/** Why a subscription ended: an error's code, a close code, or COMPLETE. */
function why(err: unknown): string {
  if (Array.isArray(err)) return String((err[0] as { extensions?: { code?: string } })?.extensions?.code ?? "ERROR");
  const closed = err as { code?: unknown; reason?: unknown };
  if (typeof closed?.code === "number") return `CLOSED_${closed.code}${closed.reason ? ` ${String(closed.reason)}` : ""}`;
  return err instanceof Error ? err.message : "ERROR";
}

export function subscribeFeed(wsUrl: string, token: string, tenant: string, agentId: string, budget: RateBudget): FeedSubscriber {
  const log: FeedLog = { agentId, tenant, receipts: [], ends: [], subscriptions: 0, resumed: [] };
  let cursor = "0";
  let stopped = false;
  let client: Client | null = null;
  let wake: (() => void) | null = null;

  const once = (connection: number) =>
    new Promise<string>((resolve) => {
      client = createClient({ url: wsUrl, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0, lazy: true });
      wake = () => resolve("STOPPED");
      let first = true;
      client.subscribe(
        { query: FEED, variables: { a: agentId, after: cursor } },
        {
          next: (value) => {
            if (value.errors?.length) return resolve(why(value.errors));
            const delivery = (value.data as { knowledgeFeed: { mode: string; cursor: string; events: { cursor: string; nodeId: string }[] } }).knowledgeFeed;
            const at = performance.now();
            if (first && connection > 1) log.resumed.push({ at, connection });
            first = false;
            for (const e of delivery.events) log.receipts.push({ seq: Number(e.cursor), nodeId: e.nodeId, mode: delivery.mode, connection, at });
            cursor = delivery.cursor;
          },
          error: (err) => resolve(why(err)),
          complete: () => resolve("COMPLETE"),
        },
      );
    });

  const running = (async () => {
    let failures = 0;
    while (!stopped) {
      const wait = budget.waitMs();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      budget.take();
      const since = performance.now();
      const ended = await once(++log.subscriptions);
      await (client as Client | null)?.dispose();
      if (stopped) return;
      log.ends.push({ at: performance.now(), why: ended });
      failures = performance.now() - since >= SERVED_MS ? 1 : failures + 1;
      await new Promise((r) => setTimeout(r, backoffMs(failures)));
    }
  })();

  return {
    log,
    async stop() {
      stopped = true;
      (wake as (() => void) | null)?.();
      await running;
    },
  };
}
