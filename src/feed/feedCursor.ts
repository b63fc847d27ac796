import { BadUserInputError } from "../errors/errors.js";

/**
 * Where a knowledgeFeed client stands, as two outbox positions:
 * - `seen`: every event up to here was examined; IMMEDIATE ones were delivered;
 * - `batchedFrom`: BATCHED events up to here were delivered too (≤ seen);
 *   those after it wait in the current batch.
 * Resuming replays BATCHED events in (batchedFrom, seen] and every selected
 * event after `seen`: nothing missed, nothing twice. On the wire it is opaque:
 * `"<seen>"` when both are equal, else `"<batchedFrom>.<seen>"`. Pure.
 */
export interface FeedPosition {
  seen: number;
  batchedFrom: number;
}

export function encodeFeedCursor({ seen, batchedFrom }: FeedPosition): string {
  return batchedFrom === seen ? String(seen) : `${batchedFrom}.${seen}`;
}

/** The position a cursor stands for; null when none was given. BAD_USER_INPUT naming `field` for anything else. */
export function decodeFeedCursor(field: string, cursor: string | null | undefined): FeedPosition | null {
  if (cursor === null || cursor === undefined) return null;
  const m = /^(0|[1-9][0-9]{0,14})(?:\.(0|[1-9][0-9]{0,14}))?$/.exec(cursor);
  if (!m) throw new BadUserInputError(`${field} is not a cursor this feed gave out`, field);
  const first = Number(m[1]);
  if (m[2] === undefined) return { seen: first, batchedFrom: first };
  const seen = Number(m[2]);
  if (first >= seen) throw new BadUserInputError(`${field} is not a cursor this feed gave out`, field);
  return { seen, batchedFrom: first };
}
