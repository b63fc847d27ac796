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
 * committed, by a round. A write whose own numbering fails (a number already
 * taken) runs again without the turn: its acknowledgement never depends on
 * its events' numbers. Gives back the work's result and the events as
 * numbered (null when numbering failed: a sweep numbers them).
 * A managed transaction: on a transient error the driver runs `work` again,
 * whole, in a new one. Without the shared bookmarks, as it always ran.
 */
export async function writeWithEvents<T>(
  target: OutboxWriteTarget,
  work: (tx: Tx) => Promise<{ result: T; staged: StagedEvents | null }>,
  options: { ownTurn?: boolean } = {},
): Promise<{ result: T; events: OutboxEvent[] | null }> {
  const ownTurn = options.ownTurn ?? true;
  // The turn the running attempt holds, if any (a callback's assignments are not seen by the checker outside it),
  // and whether that attempt failed at numbering its own events.
  const held: { turn: SequencerTurn | null; numberingFailed: boolean } = { turn: null, numberingFailed: false };
  const give = (events: OutboxEvent[] | null) => {
    held.turn?.done(events);
    held.turn = null;
  };
  try {
    const done = await executor(target).writeTransaction(
      async (tx) => {
        // A transaction run again gives up the turn its failed attempt held (it numbered nothing that committed).
        give(null);
        held.numberingFailed = false;
        const { result, staged } = await work(tx);
        held.turn = ownTurn && staged && staged.count > 0 ? target.outbox.turn(staged.tenantId) : null;
        const numbered = held.turn && staged ? await tx.run(numberOwnEvents(staged)).catch(failedNumbering) : null;
        return { result, staged, numbered };
      },
      { bookmarks: false },
    );
    if (done.numbered) {
      give(done.numbered);
      return { result: done.result, events: done.numbered };
    }
    return { result: done.result, events: done.staged ? await target.outbox.number(done.staged) : [] };
  } catch (err) {
    // The write must not fail for its events' numbers (a number already taken, say): it runs again without
    // the turn, its events then numbered after the commit by a round, or by the sweep once a round can.
    if (held.numberingFailed) return writeWithEvents(target, work, { ownTurn: false });
    throw err;
  } finally {
    give(null);
  }

  function failedNumbering(err: unknown): never {
    held.numberingFailed = true;
    throw err;
  }
}
