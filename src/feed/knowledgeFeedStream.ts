import type { GraphTarget } from "../graph/executor.js";
import { ServiceUnavailableError } from "../errors/errors.js";
import type { Logger } from "../logging/logger.js";
import { flushBatch, replayRoute, startState, takeEvent, type FeedDelivery } from "./feedBatch.js";
import type { FeedPosition } from "./feedCursor.js";
import type { FeedHub } from "./feedHub.js";
import { batchInterval, routeEvent, withSelectingRules, type BroadcastDelivery, type FeedReader, type FeedRuleNode, type SelectedEvent } from "./feedRules.js";
import type { OutboxEvent } from "../core/outboxEvent.js";
import { pushIterator, type PushIterator } from "./pushIterator.js";
import { readOutbox } from "./readOutbox.js";

export interface FeedStreamDeps {
  driver: GraphTarget["driver"];
  database: string;
  hub: FeedHub;
  logger: Logger;
  /** An idle subscriber looks at its rules again at least this often (the hub reads them for all its subscribers; changes made through another process). */
  rulesRefreshMs?: number;
  /** Replay page size. */
  pageSize?: number;
}

/**
 * One knowledgeFeed subscription: replays what the reader missed after
 * `from` page by page, then follows the tenant's outbox through the hub,
 * routing each event by the reader's rules (feedRules.ts) and batching by
 * feedBatch.ts. Every event is taken once, in seq order, per connection, with
 * the ids of the rules that selected it as the reader's rules stood then.
 */
export function knowledgeFeedStream(deps: FeedStreamDeps, tenantId: string, reader: FeedReader, from: FeedPosition | null): PushIterator<FeedDelivery<SelectedEvent>> {
  const { driver, database, hub, logger, rulesRefreshMs = 5000, pageSize = 500 } = deps;
  const target = { driver, database };
  let signal: (() => void) | null = null;
  const unlisten = hub.listen(tenantId, () => signal?.());
  const out = pushIterator<FeedDelivery<SelectedEvent>>(() => {
    unlisten();
    signal?.();
  });

  let rules: FeedRuleNode[] = [];
  let broadcasts: BroadcastDelivery = "IMMEDIATE";
  // The hub keeps them fresh (read again after its refresh, or at once when this process changes them).
  const refreshRules = async () => {
    ({ rules, broadcasts } = await hub.readerRules(tenantId, reader.agentId));
  };

  /** Events after `seq`: from the hub's buffer when it reaches back, else from the outbox. */
  const eventsAfter = async (seq: number): Promise<OutboxEvent[]> => hub.eventsAfter(tenantId, seq) ?? readOutbox(target, tenantId, seq, pageSize);

  async function replay(position: FeedPosition): Promise<number> {
    let seq = position.batchedFrom;
    for (;;) {
      const page = await readOutbox(target, tenantId, seq, pageSize);
      if (page.length === 0 || out.closed) return seq;
      seq = page[page.length - 1]!.seq;
      const missed = page.filter((e) => replayRoute(position, e, routeEvent(reader, rules, e, broadcasts))).map((e) => withSelectingRules(rules, e));
      if (missed.length) out.push({ mode: "REPLAY", events: missed, position: { seen: seq, batchedFrom: seq } });
    }
  }

  async function run(): Promise<void> {
    await refreshRules();
    const start = from ? await replay(from) : await hub.head(tenantId);
    let state = startState<SelectedEvent>(Math.max(start, from?.seen ?? 0));
    let nextBatchAt = Date.now() + batchInterval(rules) * 1000;
    while (!out.closed) {
      const woke = new Promise<void>((resolve) => (signal = resolve));
      const events = await eventsAfter(state.position.seen);
      await refreshRules();
      for (const event of events) {
        const route = routeEvent(reader, rules, event, broadcasts);
        // Only a delivered event needs its selecting rules: most of a busy tenant's events go nowhere for this reader.
        const step = takeEvent(state, withSelectingRules(route ? rules : [], event), route);
        state = step.state;
        if (step.delivery) out.push(step.delivery);
      }
      if (Date.now() >= nextBatchAt) {
        const step = flushBatch(state);
        state = step.state;
        if (step.delivery) out.push(step.delivery);
        nextBatchAt = Date.now() + batchInterval(rules) * 1000;
      }
      if (events.length === 0 && !out.closed) {
        const wait = Math.max(1, Math.min(nextBatchAt - Date.now(), rulesRefreshMs));
        await Promise.race([woke, new Promise((resolve) => setTimeout(resolve, wait).unref())]);
      }
    }
  }

  run().catch((err: unknown) => {
    logger.warn({ err, tenantId, agent: reader.agentId }, "A knowledge feed stopped");
    out.fail(new ServiceUnavailableError("The knowledge feed stopped; resubscribe with the last cursor"));
  });
  return out;
}
