import type { OutboxEvent, OutboxSequencer, StagedEvents } from "../core/outboxEvent.js";
import { executor, type GraphTarget, type Tx } from "../graph/executor.js";

export interface OutboxWriteTarget extends GraphTarget {
  outbox: OutboxSequencer;
}

/**
 * A write transaction that stages feed events (appendOutboxEvents), then,
 * once it has committed, has them numbered before the caller answers: an
 * acknowledged write's events are in the feed. Gives back the work's result and
 * the events as numbered (null when numbering failed: a sweep numbers them).
 * A managed transaction: on a transient error the driver runs `work` again,
 * whole, in a new one. Without the shared bookmarks, as it always ran.
 */
export async function writeWithEvents<T>(
  target: OutboxWriteTarget,
  work: (tx: Tx) => Promise<{ result: T; staged: StagedEvents | null }>,
): Promise<{ result: T; events: OutboxEvent[] | null }> {
  const done = await executor(target).writeTransaction(work, { bookmarks: false });
  return { result: done.result, events: done.staged ? await target.outbox.number(done.staged) : [] };
}
