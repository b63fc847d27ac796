import neo4j from "neo4j-driver";
import { RowShapeError, type Row } from "./statement.js";

interface DriverRecord {
  get(key: string): unknown;
  toObject(): object;
  /** The driver's Record has them; a test's stand-in may leave them to toObject. */
  keys?: readonly PropertyKey[];
}

const isNumber = (v: unknown): v is number => typeof v === "number";
const isMap = (v: unknown): v is object => typeof v === "object" && v !== null && !Array.isArray(v) && !neo4j.isInt(v);

function num(key: string, v: unknown): number {
  if (neo4j.isInt(v)) return v.toNumber();
  if (isNumber(v)) return v;
  throw new RowShapeError(key, "a number", v);
}

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
    oneOf<T extends string>(key: string, values: readonly T[]): T {
      const v = get(key);
      const found = values.find((value) => value === v);
      if (found === undefined) throw new RowShapeError(key, `one of ${values.join(", ")}`, v);
      return found;
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
    map<T extends object>(key: string) {
      const v = get(key);
      if (!isMap(v)) throw new RowShapeError(key, "a map", v);
      return v as T;
    },
    mapOrNull<T extends object>(key: string) {
      const v = get(key);
      if (v === null || v === undefined) return null;
      if (!isMap(v)) throw new RowShapeError(key, "a map", v);
      return v as T;
    },
    maps<T extends object>(key: string) {
      const v = get(key);
      if (v === null || v === undefined) return [];
      if (!Array.isArray(v) || !v.every(isMap)) throw new RowShapeError(key, "a list of maps", v);
      return v as T[];
    },
    keys: () => (record.keys ? record.keys.map(String) : Object.keys(record.toObject())),
    fields: <T extends object>() => record.toObject() as T,
  };
}
