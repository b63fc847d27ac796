import { BadUserInputError } from "../errors/errors.js";

/**
 * The `after` cursor of knowledgeFeed: opaque to clients, the event's `seq`
 * as a decimal string to the server. Pure.
 */
export function encodeCursor(seq: number): string {
  return String(seq);
}

/** The seq a cursor stands for; null when none was given. BAD_USER_INPUT naming `field` for anything else. */
export function decodeCursor(field: string, cursor: string | null | undefined): number | null {
  if (cursor === null || cursor === undefined) return null;
  if (!/^(0|[1-9][0-9]{0,14})$/.test(cursor)) throw new BadUserInputError(`${field} is not a cursor this feed gave out`, field);
  return Number(cursor);
}
