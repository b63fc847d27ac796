import type { GraphTarget } from "../graph/executor.js";
import { detached } from "../core/tracing.js";
import type { Logger } from "../logging/logger.js";
import { movedTenants, outboxHead } from "./loadFeedRules.js";
import type { OutboxEvent } from "../core/outboxEvent.js";
import { readOutbox } from "./readOutbox.js";
import { createReaderRulesCache } from "./readerRulesCache.js";
import type { ReaderRules } from "./loadFeedRules.js";

export interface FeedHubOptions {
  driver: GraphTarget["driver"];
  database: string;
  logger: Logger;
  /** Probe interval while some listened tenant's outbox is moving: bounds the delay of writes taken by other processes then. */
  pollMs?: number;
  /**
   * Probes that find nothing new stretch the interval, doubling up to this:
   * a quiet process costs two statements a second, not forty, however many
   * tenants it listens to. An event found by a timed probe (another process
   * writes) brings it back to `pollMs`. A read a write of this process asked
   * for leaves it as it was: that write's events are read at once anyway, and
   * it says nothing about other processes.
   */
  idlePollMs?: number;
  /** Recent events kept per tenant, so subscribers catch up without a query each. */
  bufferSize?: number;
  /** Subscribers' rules are read again at least this often (changes made through another process). */
  rulesRefreshMs?: number;
  /**
   * Whether this process is numbering a tenant's events right now (OutboxSequencer.numbering): a timed probe leaves
   * such a tenant alone, since what moved its counter is handed over within moments (and a gap it leaves wakes the
   * poller). Without this, a probe that lands between a write's commit and its hand-over read the write's own
   * events, and took them for another process's, bringing the interval back to `pollMs`.
   */
  numbering?: (tenantId: string) => boolean;
}

/**
 * The outbox follower of a process, shared by every knowledgeFeed subscriber
 * of every tenant. One timed probe (`movedTenants`: every `pollMs` while some
 * outbox moves, stretching to `idlePollMs` while none does) asks which of the
 * tenants listened to have events after the last one this process has; only
 * those are read (`readOutbox` after that event), and a tenant is also read at
 * once when a write of this process, or a wake-up from another gateway, says
 * it moved. The recent events are kept per tenant and the subscribers told.
 * Because the outbox commits in sequence order, reading after the last seen
 * seq misses nothing, whichever gateway process took the write.
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
  polling: boolean;
  again: boolean;
  rules: number;
}

export function createFeedHub({ driver, database, logger, pollMs = 25, idlePollMs = 500, bufferSize = 5000, rulesRefreshMs = 5000, numbering = () => false }: FeedHubOptions): FeedHub {
  const target = { driver, database };
  const rulesCache = createReaderRulesCache(target, rulesRefreshMs);
  const tenants = new Map<string, TenantFeed>();
  /** The probe's timer (null while nobody listens) and its next interval: `pollMs`, doubled by every probe that found nothing, up to `idlePollMs`. */
  let timer: NodeJS.Timeout | null = null;
  let probing = false;
  let interval = pollMs;

  function tenant(tenantId: string): TenantFeed {
    let t = tenants.get(tenantId);
    if (!t) {
      const created: TenantFeed = { listeners: new Set(), buffer: [], early: new Map(), headKnown: false, head: Promise.resolve(0), last: 0, polling: false, again: false, rules: 0 };
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

  /** Reads the tenant's outbox after its last event until it has all; at most one read of a tenant at a time (a wish for another runs after it). */
  async function poll(tenantId: string, t: TenantFeed): Promise<number> {
    if (t.polling) {
      t.again = true;
      return 0;
    }
    t.polling = true;
    let found = 0;
    try {
      do {
        t.again = false;
        await t.head;
        const events = await readOutbox(target, tenantId, t.last, 1000);
        // Events committed by this process may have arrived meanwhile: keep only what follows on.
        const fresh = events.filter((e) => e.seq > t.last);
        found += fresh.length;
        take(t, fresh);
        if (events.length === 1000) t.again = true;
      } while (t.again && t.listeners.size > 0);
    } catch (err) {
      logger.warn({ err, tenantId }, "Polling the knowledge feed outbox failed; retrying");
    } finally {
      t.polling = false;
    }
    return found;
  }

  /**
   * The timed probe: one statement for every tenant listened to, then a read of each that moved. Under bench:load
   * every recordTurn and memoryStore once woke its tenant's poller and reset it to pollMs (five more polls per
   * write, a tenth of the statements Neo4j ran): only what a timed probe finds sets the pace.
   */
  async function probe(): Promise<void> {
    const listened = [...tenants].filter(([, t]) => t.listeners.size > 0 && t.headKnown);
    let found = 0;
    try {
      const moved = await movedTenants(target, listened.map(([tenantId, t]) => ({ tenantId, last: t.last })));
      // Read only what is still missing now: events handed over while the probe ran are not another process's.
      const behind = moved.filter(({ tenantId, seq }) => seq > tenants.get(tenantId)!.last && !numbering(tenantId));
      const counts = await Promise.all(behind.map(({ tenantId }) => poll(tenantId, tenants.get(tenantId)!)));
      found = counts.reduce((a, b) => a + b, 0);
    } catch (err) {
      logger.warn({ err }, "Probing the knowledge feed outboxes failed; retrying");
    }
    interval = found > 0 ? pollMs : Math.min(idlePollMs, interval * 2);
  }

  function listening(): boolean {
    for (const t of tenants.values()) if (t.listeners.size > 0) return true;
    return false;
  }

  function schedule(): void {
    if (timer || probing || !listening()) return;
    timer = setTimeout(() => {
      timer = null;
      probing = true;
      void probe().finally(() => {
        probing = false;
        schedule();
      });
    }, interval);
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
    // Woken by a write: the read that follows is not part of its request.
    detached(() => void poll(tenantId, t));
  }

  return {
    listen(tenantId, listener) {
      const t = tenant(tenantId);
      t.listeners.add(listener);
      schedule();
      return () => {
        t.listeners.delete(listener);
        if (timer && !listening()) {
          clearTimeout(timer);
          timer = null;
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
