/**
 * One Cypher statement as a domain builds it: the text, its parameters (every
 * value a parameter, never text), and how a row of its result reads. Builders
 * are pure functions returning these; the executor (executor.ts) runs them.
 */
export interface Statement<R> {
  cypher: string;
  params: Record<string, unknown>;
  /** A row of the result as the caller's type, read through the checked accessors of Row. */
  decode: (row: Row) => R;
}

/**
 * A result row with typed, checked accessors: a field that is not what the
 * statement promised throws RowShapeError (an internal error, masked to the
 * client) instead of travelling on under a cast.
 */
export interface Row {
  /** The field as the driver gives it, unchecked: for values a caller checks itself. */
  value(key: string): unknown;
  string(key: string): string;
  stringOrNull(key: string): string | null;
  /** A string from a closed set (an outcome, a status): anything else is refused. */
  oneOf<T extends string>(key: string, values: readonly T[]): T;
  oneOfOrNull<T extends string>(key: string, values: readonly T[]): T | null;
  /** A driver Integer or a float, as a JS number. */
  number(key: string): number;
  numberOrNull(key: string): number | null;
  /** true or false; null reads as false (an absent flag). */
  boolean(key: string): boolean;
  strings(key: string): string[];
  /** A list of strings where null reads as an empty list (a list property never set). */
  stringsOrEmpty(key: string): string[];
  /** A list of strings of a closed set (a list of enum values); null reads as an empty list. */
  someOf<T extends string>(key: string, values: readonly T[]): T[];
  /** A list whose items are strings or null (a node's text fields, some unset). */
  stringsOrNulls(key: string): (string | null)[];
  /** A list of numbers (a vector), or null. */
  numbersOrNull(key: string): number[] | null;
  /**
   * A map whose keys are not known beforehand (a node's properties as an
   * export carries them): only that it is a map is checked, so its values are
   * unknown. A map with known fields is read with `row` instead.
   */
  map(key: string): Record<string, unknown>;
  /** A map (a node's projection) read field by field with these same checked accessors. */
  row(key: string): Row;
  rowOrNull(key: string): Row | null;
  /** A list of maps, each read with these accessors; null reads as an empty list. */
  rows(key: string): Row[];
  /** The row's field names, in the order the statement returns them: for a statement whose fields are not known beforehand (a caller's own query). */
  keys(): string[];
}

/** A row did not have the shape its statement declared. */
export class RowShapeError extends Error {
  constructor(key: string, expected: string, got: unknown) {
    super(`Result field "${key}" should be ${expected}, got ${got === null ? "null" : typeof got}`);
    this.name = "RowShapeError";
  }
}

/** A statement whose rows are not read (a write that returns nothing the caller needs). */
export const noRows = (cypher: string, params: Record<string, unknown>): Statement<void> => ({ cypher, params, decode: () => undefined });

/** The one row of a statement that always returns one (an aggregate, a MERGE): none is a broken statement. */
export function onlyRow<R>(rows: readonly R[]): R {
  if (rows.length === 0) throw new Error("A statement that returns one row returned none");
  return rows[0]!;
}
