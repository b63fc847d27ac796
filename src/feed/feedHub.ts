import type { GraphTarget } from "../graph/executor.js";
import { detached } from "../core/tracing.js";
import type { Logger } from "../logging/logger.js";
import { outboxHead } from "./loadFeedRules.js";
import type { OutboxEvent } from "../core/outboxEvent.js";
import { readOutbox } from "./readOutbox.js";
import { createReaderRulesCache } from "./readerRulesCache.js";
import type { ReaderRules } from "./loadFeedRules.js";

export interface FeedHubOptions {
  driver: GraphTarget["driver"];
  database: string;
  logger: Logger;
  /** Poll interval while a tenant's outbox is moving: bounds the delay of writes taken by other processes then. */
  pollMs?: number;
  /**
   * Polls that find nothing new stretch the interval, doubling up to this:
   * a quiet tenant costs two reads a second, not forty. An event found by a
   * timed poll (another process writes) brings it back to `pollMs`. A poll a
   * write of this process asked for leaves it as it was: that write's events
   * are read at once anyway, and it says nothing about other processes.
   */
  idlePollMs?: number;
  /** Recent events kept per tenant, so subscribers catch up without a query each. */
  bufferSize?: number;
  /** Subscribers' rules are read again at least this often (changes made through another process). */
  rulesRefreshMs?: number;
}

/**
 * One outbox poller per tenant per process, shared by every knowledgeFeed
 * subscriber of that tenant. It polls `readOutbox` after the last event it
 * has (every `pollMs` while its outbox moves, stretching to `idlePollMs`
 * while it does not, and at once when this process's own writes wake it),
 * keeps the recent ones, and tells the subscribers. Because the outbox
 * commits in sequence order, polling after the last seen seq misses nothing,
 * whichever gateway process took the write.
 */
export interface FeedHub {
  /** Calls `listener` when new events (or rule changes) arrive; returns the unsubscribe. */
  listen(tenantId: string, listener: () => void): () => void;
  /** The buffered events after `seq`, or null when the buffer no longer reaches back that far (read the outbox instead). */
  eventsAfter(tenantId: string, seq: number): OutboxEvent[] | null;
  /** Head of the tenant's outbox as this process knows it. */
  head(tenantId: string): Promise<number>;
  /** Poll now: a write of this process committed. */
  wake(tenantId: string): void;
  /**
   * A write of this process committed these events: they are taken as they
   * are, without reading them back, as soon as every event before them is
   * known; a gap (another process's write) is filled by polling.
   */
  committed(tenantId: string, events: OutboxEvent[]): void;
  /** Subscription rules of the tenant changed: subscribers reload theirs. */
  rulesChanged(tenantId: string): void;
  /** A subscriber's rules, read with every other subscriber's of the tenant in one statement and kept for a few seconds. */
  readerRules(tenantId: string, agentId: string): Promise<ReaderRules>;
}

interface TenantFeed {
  listeners: Set<() => void>;
  buffer: OutboxEvent[];
  /** Committed events of this process beyond a gap, by seq, waiting for the events before them. */
  early: Map<number, OutboxEvent>;
  headKnown: boolean;
  head: Promise<number>;
  last: number;
  timer: NodeJS.Timeout | null;
  polling: boolean;
  again: boolean;
  rules: number;
  /** The poller's next interval: `pollMs`, doubled by every timed poll that found nothing, up to `idlePollMs`. */
  interval: number;
  /** A write of this process asked for the next poll (wake). */
  woken: boolean;
}

export function createFeedHub({ driver, database, logger, pollMs = 25, idlePollMs = 500, bufferSize = 5000, rulesRefreshMs = 5000 }: FeedHubOptions): FeedHub {
  const target = { driver, database };
  const rulesCache = createReaderRulesCache(target, rulesRefreshMs);
  const tenants = new Map<string, TenantFeed>();

  function tenant(tenantId: string): TenantFeed {
    let t = tenants.get(tenantId);
    if (!t) {
      const created: TenantFeed = { listeners: new Set(), buffer: [], early: new Map(), headKnown: false, head: Promise.resolve(0), last: 0, timer: null, polling: false, again: false, rules: 0, interval: pollMs, woken: false };
      created.head = outboxHead(target, tenantId).then((seq) => {
        created.headKnown = true;
        return (created.last = Math.max(created.last, seq));
      });
      created.head.catch(() => {});
      tenants.set(tenantId, created);
      t = created;
    }
    return t;
  }

  async function poll(tenantId: string, t: TenantFeed): Promise<void> {
    if (t.polling) {
      t.again = true;
      return;
    }
    t.polling = true;
    try {
      do {
        t.again = false;
        const woken = t.woken;
        t.woken = false;
        await t.head;
        const events = await readOutbox(target, tenantId, t.last, 1000);
        // Events committed by this process may have arrived meanwhile: keep only what follows on.
        const fresh = events.filter((e) => e.seq > t.last);
        // Under bench:load every recordTurn and memoryStore woke the poller and reset it to pollMs: five more polls
        // per write (25, 50, … 500 ms), a tenth of the statements Neo4j ran. Only a timed poll's find sets the pace.
        if (!woken) t.interval = fresh.length > 0 ? pollMs : Math.min(idlePollMs, t.interval * 2);
        take(t, fresh);
        if (events.length === 1000) t.again = true;
      } while (t.again && t.listeners.size > 0);
    } catch (err) {
      logger.warn({ err, tenantId }, "Polling the knowledge feed outbox failed; retrying");
    } finally {
      t.polling = false;
      schedule(tenantId, t);
    }
  }

  /** Appends events that follow `last` without a gap (and the early ones they reach), then tells the listeners. */
  function take(t: TenantFeed, events: OutboxEvent[]): void {
    const next = [...events];
    let last = events.length ? events[events.length - 1]!.seq : t.last;
    for (let e = t.early.get(last + 1); e; e = t.early.get(last + 1)) {
      next.push(e);
      last = e.seq;
    }
    for (const seq of t.early.keys()) if (seq <= last) t.early.delete(seq);
    if (next.length === 0) return;
    t.buffer.push(...next);
    if (t.buffer.length > bufferSize) t.buffer.splice(0, t.buffer.length - bufferSize);
    t.last = last;
    t.listeners.forEach((l) => l());
  }

  function wake(tenantId: string): void {
    const t = tenants.get(tenantId);
    if (!t || t.listeners.size === 0) return;
    t.woken = true;
    if (t.timer) {
      clearTimeout(t.timer);
      t.timer = null;
    }
    // Woken by a write: the polls that follow are not part of its request.
    detached(() => void poll(tenantId, t));
  }

  function schedule(tenantId: string, t: TenantFeed): void {
    if (t.timer || t.listeners.size === 0) return;
    t.timer = setTimeout(() => {
      t.timer = null;
      void poll(tenantId, t);
    }, t.interval);
  }

  return {
    listen(tenantId, listener) {
      const t = tenant(tenantId);
      t.listeners.add(listener);
      schedule(tenantId, t);
      return () => {
        t.listeners.delete(listener);
        if (t.listeners.size === 0 && t.timer) {
          clearTimeout(t.timer);
          t.timer = null;
        }
      };
    },
    eventsAfter(tenantId, seq) {
      const t = tenants.get(tenantId);
      if (!t) return null;
      if (seq >= t.last) return [];
      const first = t.buffer[0];
      if (!first || first.seq > seq + 1) return null;
      return t.buffer.slice(seq + 1 - first.seq);
    },
    head: (tenantId) => tenant(tenantId).head.then(() => tenants.get(tenantId)!.last),
    wake,
    committed(tenantId, events) {
      const t = tenants.get(tenantId);
      if (!t || t.listeners.size === 0 || events.length === 0) return;
      for (const e of events) if (e.seq > t.last) t.early.set(e.seq, e);
      // A poll in flight filters what it reads by `last`, so taking now keeps the order.
      if (t.headKnown) take(t, []);
      // Still a gap (a write of another process, or the head not read yet): the poller fills it.
      if (t.early.size > 0) wake(tenantId);
    },
    rulesChanged(tenantId) {
      const t = tenant(tenantId);
      t.rules += 1;
      t.listeners.forEach((l) => l());
    },
    readerRules: (tenantId, agentId) => rulesCache.get(tenantId, agentId, tenants.get(tenantId)?.rules ?? 0),
  };
}
