import { rowOf } from "../graph/row.js";
import { RowShapeError, type Row } from "../graph/statement.js";

/** A map a statement returned (a node's projection, an item of a collected list), read through Row's checked accessors. */
export const mapRow = (map: object): Row => rowOf({ get: (key) => (map as Record<string, unknown>)[key], toObject: () => map });

const isMap = (value: unknown): value is object => typeof value === "object" && value !== null && !Array.isArray(value);

/** The field `key` of `row`, a list of maps (null reads as none), each read as a Row. */
export function mapRows(row: Row, key: string): Row[] {
  const value = row.value(key);
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value) || !value.every(isMap)) throw new RowShapeError(key, "a list of maps", value);
  return value.map(mapRow);
}

/** A list of strings that may be unset (null reads as empty), as the feed's maps hold them. */
export const stringsOrEmpty = (row: Row, key: string): string[] => (row.value(key) === null || row.value(key) === undefined ? [] : row.strings(key));
