import type { OutboxEvent, OutboxSequencer, SequencerTurn, StagedEvents } from "../core/outboxEvent.js";
import { executor, type GraphTarget, type Tx } from "../graph/executor.js";
import { numberOwnEvents } from "./outboxSequencer.js";

export interface OutboxWriteTarget extends GraphTarget {
  outbox: OutboxSequencer;
}

/**
 * A write transaction that stages feed events (appendOutboxEvents) and has
 * them numbered before the caller answers: an acknowledged write's events are
 * in the feed. When the sequencer gives the write a turn (no other write or
 * round of the tenant in flight in this process), the events are numbered as
 * the transaction's last statement and commit with it; otherwise once it has
 * committed, by a round. Gives back the work's result and the events as
 * numbered (null when numbering failed: a sweep numbers them).
 * A managed transaction: on a transient error the driver runs `work` again,
 * whole, in a new one. Without the shared bookmarks, as it always ran.
 */
export async function writeWithEvents<T>(
  target: OutboxWriteTarget,
  work: (tx: Tx) => Promise<{ result: T; staged: StagedEvents | null }>,
): Promise<{ result: T; events: OutboxEvent[] | null }> {
  // The turn the running attempt holds, if any (a callback's assignments are not seen by the checker outside it).
  const held: { turn: SequencerTurn | null } = { turn: null };
  const give = (events: OutboxEvent[] | null) => {
    held.turn?.done(events);
    held.turn = null;
  };
  try {
    const done = await executor(target).writeTransaction(
      async (tx) => {
        // A transaction run again gives up the turn its failed attempt held (it numbered nothing that committed).
        give(null);
        const { result, staged } = await work(tx);
        held.turn = staged && staged.count > 0 ? target.outbox.turn(staged.tenantId) : null;
        const numbered = held.turn && staged ? await tx.run(numberOwnEvents(staged)) : null;
        return { result, staged, numbered };
      },
      { bookmarks: false },
    );
    if (done.numbered) {
      give(done.numbered);
      return { result: done.result, events: done.numbered };
    }
    return { result: done.result, events: done.staged ? await target.outbox.number(done.staged) : [] };
  } finally {
    give(null);
  }
}
