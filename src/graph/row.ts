import neo4j from "neo4j-driver";
import { RowShapeError, type Row } from "./statement.js";

interface DriverRecord {
  get(key: string): unknown;
  toObject(): object;
  /** The driver's Record has them; a test's stand-in may leave them to toObject. */
  keys?: readonly PropertyKey[];
}

const isNumber = (v: unknown): v is number => typeof v === "number";
const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v) && !neo4j.isInt(v);

function num(key: string, v: unknown): number {
  if (neo4j.isInt(v)) return v.toNumber();
  if (isNumber(v)) return v;
  throw new RowShapeError(key, "a number", v);
}

/**
 * A map already read (a projection nested in a row, or a @cypher field's value
 * @neo4j/graphql hands a resolver) as a Row, so it is read with the same checks.
 * A key the map lacks reads as null.
 */
export function mapRow(fields: Readonly<Record<string, unknown>>): Row {
  return rowOf({ get: (key) => fields[key] ?? null, toObject: () => fields, keys: Object.keys(fields) });
}

function oneOf<T extends string>(key: string, v: unknown, values: readonly T[]): T {
  const found = values.find((value) => value === v);
  if (found === undefined) throw new RowShapeError(key, `one of ${values.join(", ")}`, v);
  return found;
}

function listOf<T>(key: string, v: unknown, expected: string, each: (item: unknown) => item is T): T[] {
  if (v === null || v === undefined) return [];
  if (!Array.isArray(v) || !v.every(each)) throw new RowShapeError(key, expected, v);
  return v;
}

const isString = (v: unknown): v is string => typeof v === "string";

/** The one decoder of driver records: what Row promises, checked here. */
export function rowOf(record: DriverRecord): Row {
  const get = (key: string) => record.get(key);
  return {
    value: get,
    string(key) {
      const v = get(key);
      if (typeof v !== "string") throw new RowShapeError(key, "a string", v);
      return v;
    },
    stringOrNull(key) {
      const v = get(key);
      if (v === null || v === undefined) return null;
      if (typeof v !== "string") throw new RowShapeError(key, "a string or null", v);
      return v;
    },
    oneOf: (key, values) => oneOf(key, get(key), values),
    oneOfOrNull(key, values) {
      const v = get(key);
      return v === null || v === undefined ? null : oneOf(key, v, values);
    },
    number: (key) => num(key, get(key)),
    numberOrNull(key) {
      const v = get(key);
      return v === null || v === undefined ? null : num(key, v);
    },
    boolean(key) {
      const v = get(key);
      if (v === null || v === undefined) return false;
      if (typeof v !== "boolean") throw new RowShapeError(key, "a boolean", v);
      return v;
    },
    strings(key) {
      const v = get(key);
      if (!Array.isArray(v) || !v.every((s) => typeof s === "string")) throw new RowShapeError(key, "a list of strings", v);
      return v;
    },
    stringsOrEmpty: (key) => listOf(key, get(key), "a list of strings", isString),
    someOf<T extends string>(key: string, values: readonly T[]): T[] {
      return listOf(key, get(key), `a list of ${values.join(", ")}`, (s): s is T => values.some((value) => value === s));
    },
    stringsOrNulls(key) {
      const v = get(key);
      if (!Array.isArray(v) || !v.every((s) => s === null || typeof s === "string")) throw new RowShapeError(key, "a list of strings or nulls", v);
      return v;
    },
    numbersOrNull(key) {
      const v = get(key);
      if (v === null || v === undefined) return null;
      if (!Array.isArray(v) || !v.every(isNumber)) throw new RowShapeError(key, "a list of numbers", v);
      return v;
    },
    map(key: string) {
      const v = get(key);
      if (!isMap(v)) throw new RowShapeError(key, "a map", v);
      return v;
    },
    row(key) {
      const v = get(key);
      if (!isMap(v)) throw new RowShapeError(key, "a map", v);
      return mapRow(v);
    },
    rowOrNull(key) {
      const v = get(key);
      if (v === null || v === undefined) return null;
      if (!isMap(v)) throw new RowShapeError(key, "a map", v);
      return mapRow(v);
    },
    rows: (key) => listOf(key, get(key), "a list of maps", isMap).map(mapRow),
    keys: () => (record.keys ? record.keys.map(String) : Object.keys(record.toObject())),
  };
}
