import type { OutboxEvent, OutboxSequencer, StagedEvents } from "../core/outboxEvent.js";
import type { Logger } from "../logging/logger.js";
import { executor, type GraphTarget } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import type { Row, Statement } from "../graph/statement.js";
import { outboxEventOf, toOutboxEvent } from "./readOutbox.js";

/** Events a round numbers in one transaction, at most: a longer backlog takes several. */
const ROUND_LIMIT = 1000;

// One statement, one transaction. The counter is locked before the pending events are read (the subquery runs for
// the counter's row after the lock is held), so two rounds of a tenant, in this process or another, queue here and
// the second finds only what the first left. Oldest first by the writer's clock, a write's events in the order it
// gave them. The lock is held until the commit, so rounds commit in the order of their numbers: a reader polling
// `seq > last` never skips one. Safe to run again after a lost reply: it numbers whatever is still pending.
export const NUMBER = numbering(`
    MATCH (e:OutboxPending) WHERE e.tenantId = $tenantId
    RETURN e ORDER BY e.createdAt, e.writeId, e.pos LIMIT $limit`);

// A write's own events, numbered in its transaction as its last statement (outboxWrite.ts, with a turn of the
// sequencer). The counter's lock is the last one the transaction takes and is held until its commit, as a round
// holds it: numbers still commit in order, and a round of the tenant (here or in another process) waits for it.
export const NUMBER_OWN = numbering(`
    MATCH (e:OutboxEvent:OutboxPending) WHERE e.writeId = $writeId AND e.tenantId = $tenantId
    RETURN e ORDER BY e.pos`);

/** The tenant's counter, locked, gives the next numbers to the pending events `pending` reads (a subquery over `c`), in its order. */
function numbering(pending: string): string {
  return `
  MERGE (c:OutboxCounter {tenantId: $tenantId})
  ON CREATE SET c.seq = 0
  WITH c CALL apoc.lock.nodes([c])
  CALL (c) {${pending}
  }
  WITH c, collect(e) AS pending
  SET c.seq = c.seq + size(pending)
  WITH c.seq - size(pending) AS base, pending
  UNWIND range(0, size(pending) - 1) AS i
  WITH base + i + 1 AS seq, pending[i] AS e
  SET e.seq = seq
  REMOVE e:OutboxPending
  RETURN e { .*, createdAt: toString(e.createdAt) } AS event
  ORDER BY seq`;
}

// A write numbered by another process's round: its events, read back by the write's id.
export const READ_BACK = `
  MATCH (e:OutboxEvent) WHERE e.writeId = $writeId AND e.tenantId = $tenantId AND e.seq IS NOT NULL
  RETURN e { .*, createdAt: toString(e.createdAt) } AS event
  ORDER BY e.seq`;

// Tenants with an event pending for at least $minAgeMs by the database's clock (events staged before stagedAt existed
// count as old). A younger event's writer is about to number it: a sweep taking it would only cost that writer a
// read-back, in this process or another.
export const PENDING_TENANTS = `
  MATCH (e:OutboxPending)
  WHERE e.stagedAt IS NULL OR e.stagedAt <= datetime() - duration({milliseconds: $minAgeMs})
  RETURN DISTINCT e.tenantId AS tenantId LIMIT 100`;

/** A numbered event and the write that staged it. */
interface NumberedEvent {
  writeId: string;
  event: OutboxEvent;
}

function numberedEvent(r: Row): NumberedEvent {
  const event = r.row("event");
  return { writeId: event.string("writeId"), event: toOutboxEvent(event) };
}

/** NUMBER for one tenant: a transaction's worth of its pending events, numbered. */
const numberPending = (tenantId: string): Statement<NumberedEvent> => ({ cypher: NUMBER, params: { tenantId, limit: cypherInt(ROUND_LIMIT) }, decode: numberedEvent });

/** READ_BACK for one write. */
const readBackEvents = (staged: StagedEvents): Statement<OutboxEvent> => ({
  cypher: READ_BACK,
  params: { tenantId: staged.tenantId, writeId: staged.writeId },
  decode: outboxEventOf,
});

/** NUMBER_OWN for the write that staged `staged`, run in its transaction. */
export const numberOwnEvents = (staged: StagedEvents): Statement<OutboxEvent> => ({
  cypher: NUMBER_OWN,
  params: { tenantId: staged.tenantId, writeId: staged.writeId },
  decode: outboxEventOf,
});

/** PENDING_TENANTS. */
const pendingTenants = (minAgeMs: number): Statement<string> => ({ cypher: PENDING_TENANTS, params: { minAgeMs: cypherInt(minAgeMs) }, decode: (r) => r.string("tenantId") });

export interface OutboxSequencerOptions extends GraphTarget {
  logger: Logger;
  /** Looks this often for events left unnumbered (a process that stopped between a write's commit and its round); 0: never. */
  sweepMs?: number;
  /** A sweep numbers a tenant's events once one has been pending this long (by the database's clock); 2 s by default. */
  sweepMinAgeMs?: number;
}

/** How long this process keeps the events its rounds numbered for their writers to pick up. */
const KEEP_NUMBERED_MS = 60_000;

interface TenantRounds {
  running: Promise<void> | null;
  /** The round that starts when the running one ends: every caller since the running one started waits for it. */
  next: { done: Promise<void>; settle: (run: Promise<void>) => void } | null;
}

/**
 * The sequencer of this process (core/outboxEvent.ts). A writer stages its
 * events unnumbered in its own transaction (appendOutboxEvent.ts), without
 * taking any lock, then asks for them to be numbered. One round per tenant
 * runs at a time in this process: a round locks the tenant's counter, numbers
 * every pending event of the tenant, and commits; writers that ask meanwhile
 * join the next round. A burst of writes costs a few rounds, where each writer
 * used to hold the counter's lock from its append to its commit.
 *
 * A write of a tenant that has no other write or round in flight here takes a
 * turn instead (`turn`): it numbers its own events as the last statement of its
 * transaction, so its events reach the feed with its commit, without a second
 * transaction and its commit (the hop that carried most of the delay from a
 * write to a subscriber on another gateway, docs/benchmarks.md). A burst of a
 * tenant still goes through rounds: only one turn a tenant at a time, and none
 * while a round runs or waits.
 */
export function createOutboxSequencer({ driver, database, logger, sweepMs = 2000, sweepMinAgeMs = 2000 }: OutboxSequencerOptions): OutboxSequencer {
  const graph = executor({ driver, database });
  const tenants = new Map<string, TenantRounds>();
  const listeners = new Set<(tenantId: string, events: OutboxEvent[]) => void>();
  /** Tenants a write of this process holds a turn of (numbering its own events in its transaction). */
  const turns = new Set<string>();
  let stopped = false;
  // Events this process's rounds numbered, by write id, until their writer asks (or KEEP_NUMBERED_MS has passed:
  // a write of another process, or one whose writer failed after its commit). A round may number a write that
  // committed just before it read, while that write's writer has not asked yet: the writer finds them here.
  const numbered = new Map<string, { events: OutboxEvent[]; at: number }>();
  const take = (writeId: string): OutboxEvent[] | undefined => {
    const kept = numbered.get(writeId);
    numbered.delete(writeId);
    return kept?.events;
  };
  const keep = (byWrite: Map<string, OutboxEvent[]>) => {
    const now = Date.now();
    // Oldest first (insertion order): drop what nobody asked for in time.
    for (const [writeId, kept] of numbered) {
      if (now - kept.at < KEEP_NUMBERED_MS) break;
      numbered.delete(writeId);
    }
    for (const [writeId, events] of byWrite) numbered.set(writeId, { events, at: now });
  };

  /**
   * One round: transactions of up to ROUND_LIMIT events until the tenant has none pending. What it numbered is kept
   * for the writers once the round is done, so a writer never takes part of a write split across two transactions.
   */
  async function runRound(tenantId: string): Promise<void> {
    const byWrite = new Map<string, OutboxEvent[]>();
    for (;;) {
      // Auto-commit: one statement, safe to run again (see NUMBER).
      const rows = await graph.write(numberPending(tenantId));
      const events = rows.map((r) => r.event);
      for (const { writeId, event } of rows) byWrite.set(writeId, [...(byWrite.get(writeId) ?? []), event]);
      if (events.length > 0) listeners.forEach((l) => l(tenantId, events));
      if (events.length < ROUND_LIMIT) return keep(byWrite);
    }
  }

  /**
   * The rounds that may number a write that committed before this call: a new round if none runs; else the running
   * one (it may have read the write after its commit) and the one queued behind it, which surely will.
   */
  function roundsFor(tenantId: string): Promise<void>[] {
    let rounds = tenants.get(tenantId);
    if (!rounds) tenants.set(tenantId, (rounds = { running: null, next: null }));
    if (!rounds.running) return [start(tenantId, rounds)];
    if (!rounds.next) {
      let settle!: (run: Promise<void>) => void;
      const done = new Promise<void>((resolve) => (settle = resolve));
      rounds.next = { done, settle };
    }
    return [rounds.running.catch(() => undefined), rounds.next.done];
  }

  /** Runs a round now; when it ends, the queued one (if any) runs at once, so no caller waits on a round that never starts. */
  function start(tenantId: string, rounds: TenantRounds): Promise<void> {
    const run = runRound(tenantId);
    rounds.running = run;
    const then = () => {
      const queued = rounds.next;
      rounds.next = null;
      rounds.running = null;
      if (queued) queued.settle(start(tenantId, rounds));
      else tenants.delete(tenantId);
    };
    run.then(then, then);
    return run;
  }

  async function readBack(staged: StagedEvents): Promise<OutboxEvent[]> {
    return graph.read(readBackEvents(staged));
  }

  async function sweep(): Promise<void> {
    const tenantIds = await graph.read(pendingTenants(sweepMinAgeMs));
    await Promise.all(tenantIds.flatMap((tenantId) => roundsFor(tenantId)));
  }

  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;
  const schedule = () => {
    if (stopped || sweepMs === 0) return;
    timer = setTimeout(() => {
      sweeping = sweep()
        .catch((err: unknown) => logger.warn({ err }, "Numbering the feed's pending events failed; the next sweep tries again"))
        .finally(() => {
          sweeping = null;
          schedule();
        });
    }, sweepMs);
    timer.unref();
  };
  schedule();

  return {
    async number(staged) {
      if (staged.count === 0) return [];
      try {
        const early = take(staged.writeId);
        if (early) return early;
        await Promise.all(roundsFor(staged.tenantId));
        // Not in this process's rounds: another process's round numbered it first.
        return take(staged.writeId) ?? (await readBack(staged));
      } catch (err) {
        logger.warn({ err, tenantId: staged.tenantId }, "Numbering a write's feed events failed; the write stands and a sweep numbers them");
        return null;
      }
    },
    turn(tenantId) {
      if (stopped || turns.has(tenantId) || tenants.has(tenantId)) return null;
      turns.add(tenantId);
      let held = true;
      return {
        done(events) {
          if (!held) return;
          held = false;
          turns.delete(tenantId);
          if (events && events.length > 0) listeners.forEach((l) => l(tenantId, events));
        },
      };
    },
    numbering: (tenantId) => turns.has(tenantId) || tenants.has(tenantId),
    onNumbered(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sweep,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await sweeping;
      await Promise.allSettled([...tenants.values()].flatMap((t) => [t.running, t.next?.done]));
    },
  };
}
