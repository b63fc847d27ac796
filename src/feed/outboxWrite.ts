import neo4j, { type Driver, type ManagedTransaction } from "neo4j-driver";
import type { OutboxEvent, OutboxSequencer, StagedEvents } from "../core/outboxEvent.js";
import { executor, type Tx } from "../graph/executor.js";

export interface OutboxWriteTarget {
  driver: Driver;
  database: string;
  outbox: OutboxSequencer;
}

/**
 * A write transaction that stages feed events (appendOutboxEvents), then,
 * once it has committed, has them numbered before the caller answers: an
 * acknowledged write's events are in the feed. Gives back the work's result and
 * the events as numbered (null when numbering failed: a sweep numbers them).
 */
export async function writeWithEvents<T>(
  target: OutboxWriteTarget,
  work: (tx: ManagedTransaction) => Promise<{ result: T; staged: StagedEvents | null }>,
): Promise<{ result: T; events: OutboxEvent[] | null }> {
  const session = target.driver.session({ database: target.database, defaultAccessMode: neo4j.session.WRITE });
  let done: { result: T; staged: StagedEvents | null };
  try {
    done = await session.executeWrite(work);
  } finally {
    await session.close();
  }
  return { result: done.result, events: done.staged ? await target.outbox.number(done.staged) : [] };
}

/**
 * writeWithEvents on the executor (#51): `work` gets the executor's Tx, in a
 * managed write transaction without the shared bookmarks, as writeWithEvents
 * opens its own. The same commit, then the same numbering; it becomes
 * writeWithEvents once beliefs and the knowledge outbox no longer hand the
 * driver's transaction to theirs.
 */
export async function writeWithEventsOnExecutor<T>(
  target: OutboxWriteTarget,
  work: (tx: Tx) => Promise<{ result: T; staged: StagedEvents | null }>,
): Promise<{ result: T; events: OutboxEvent[] | null }> {
  const done = await executor(target).writeTransaction(work, { bookmarks: false });
  return { result: done.result, events: done.staged ? await target.outbox.number(done.staged) : [] };
}
