import type { EventsToStage, OutboxEvent, OutboxSequencer, SequencerTurn } from "../core/outboxEvent.js";
import { executor, type GraphTarget, type Tx } from "../graph/executor.js";
import { stageEvents } from "./appendOutboxEvent.js";
import { numberOwnEvents, stageAndNumberEvents } from "./outboxSequencer.js";

export interface OutboxWriteTarget extends GraphTarget {
  outbox: OutboxSequencer;
}

/**
 * A write transaction with feed events: `work` gives back its result and its
 * events (eventsToStage), which are staged as the transaction's last statement
 * and numbered before the caller answers: an acknowledged write's events are
 * in the feed. When the sequencer gives the write a turn (no other write or
 * round of the tenant in flight in this process), that one statement stages
 * and numbers them, and they commit with the write; otherwise it stages them
 * and asks again: given a turn now, it numbers them in a last statement of
 * its own; refused again, a round numbers them once the write has committed.
 * A write whose own numbering fails (a number already taken) runs again
 * without the turn: its acknowledgement never depends on its events' numbers.
 * Gives back the work's result and the events as numbered (null when
 * numbering failed: a sweep numbers them).
 * A managed transaction: on a transient error the driver runs `work` again,
 * whole, in a new one. Without the shared bookmarks, as it always ran.
 */
export async function writeWithEvents<T>(
  target: OutboxWriteTarget,
  work: (tx: Tx) => Promise<{ result: T; staged: EventsToStage | null }>,
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
        if (!staged || staged.count === 0) return { result, staged: null, numbered: null };
        held.turn = ownTurn ? target.outbox.turn(staged.tenantId) : null;
        if (held.turn) return { result, staged, numbered: await tx.run(stageAndNumberEvents(staged)).catch(failedNumbering) };
        await tx.run(stageEvents(staged));
        // Refused a moment ago, asked again once staged: what was in flight has often ended by now. A write sent to a
        // round makes a round run, and while it runs every write of the tenant is refused and sends another: asked
        // only once, a tenant's concurrent writes fell into rounds one after another (docs/benchmarks.md).
        held.turn = ownTurn ? target.outbox.turn(staged.tenantId) : null;
        if (held.turn) return { result, staged, numbered: await tx.run(numberOwnEvents(staged)).catch(failedNumbering) };
        return { result, staged, numbered: null };
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
