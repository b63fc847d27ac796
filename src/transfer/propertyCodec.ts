import { cypherInt } from "../graph/readQuery.js";
import { cypherDate, cypherDateTime, cypherLocalDateTime, isDate, isDateTime, isInteger, isLocalDateTime } from "../graph/values.js";

/**
 * Neo4j property values as JSON and back, losslessly for the types the SDL
 * stores: strings, booleans, integers (JSON numbers), floats (JSON numbers; a
 * whole float as `{"$float": 1}` so it stays a float), DateTime, Date and
 * LocalDateTime (`{"$datetime": "2026-02-01T10:00:00Z"}`, `$date`,
 * `$localdatetime`, Neo4j's own ISO text), and lists of these. Pure.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A value the codec cannot carry (a Point, a Duration…): the SDL declares none, so one is a bug to hear about. */
export class UnsupportedValueError extends Error {}

export function encodeValue(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isInteger(value) ? { $float: value } : value;
  if (typeof value === "bigint") return Number(value);
  if (isInteger(value)) return value.toNumber();
  if (isDateTime(value)) return { $datetime: String(value) };
  if (isDate(value)) return { $date: String(value) };
  if (isLocalDateTime(value)) return { $localdatetime: String(value) };
  if (Array.isArray(value)) return value.map(encodeValue);
  throw new UnsupportedValueError(`Cannot export a property value of type ${Object.prototype.toString.call(value)}`);
}

/** Every property of a node or relationship, encoded. */
export const encodeProperties = (properties: Record<string, unknown>) => Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, encodeValue(v)]));

const DATE = /^(-?\d{4,})-(\d{2})-(\d{2})$/;
const LOCAL = /^(-?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?/;
const ZONE = /(Z|[+-]\d{2}:\d{2}(?::\d{2})?)?(?:\[([^\]]+)\])?$/;

const nanos = (fraction: string | undefined) => Number((fraction ?? "").padEnd(9, "0"));

function offsetSeconds(offset: string): number {
  if (offset === "Z") return 0;
  const [h, m, s] = offset.slice(1).split(":").map(Number);
  return (offset[0] === "-" ? -1 : 1) * (h! * 3600 + m! * 60 + (s ?? 0));
}

function parseLocal(text: string) {
  const m = LOCAL.exec(text);
  if (!m) throw new TypeError(`not an ISO date-time: ${JSON.stringify(text)}`);
  return { parts: [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0), nanos(m[7])] as const, rest: text.slice(m[0].length) };
}

function decodeTagged(tag: string, text: unknown): unknown {
  if (typeof text !== "string") throw new TypeError(`${tag} must be a string`);
  if (tag === "$date") {
    const m = DATE.exec(text);
    if (!m) throw new TypeError(`not an ISO date: ${JSON.stringify(text)}`);
    return cypherDate(Number(m[1]), Number(m[2]), Number(m[3]));
  }
  const { parts, rest } = parseLocal(text);
  if (tag === "$localdatetime") {
    if (rest !== "") throw new TypeError(`not a local date-time: ${JSON.stringify(text)}`);
    return cypherLocalDateTime(parts);
  }
  const zone = ZONE.exec(rest);
  if (!zone || zone.index !== 0 || (!zone[1] && !zone[2])) throw new TypeError(`a date-time needs an offset or a zone: ${JSON.stringify(text)}`);
  return cypherDateTime(parts, zone[1] && !zone[2] ? offsetSeconds(zone[1]) : undefined, zone[2]);
}

const TAGS = ["$float", "$datetime", "$date", "$localdatetime"];

/** A JSON value of an export line as the Neo4j value to store. Throws TypeError on a value the codec does not write. Pure. */
export function decodeValue(value: unknown): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isInteger(value) ? cypherInt(value) : value;
  if (Array.isArray(value)) return value.map(decodeValue);
  if (typeof value === "object") {
    const keys = Object.keys(value);
    const tag = keys[0];
    if (keys.length !== 1 || !TAGS.includes(tag!)) throw new TypeError(`an object property must be one of ${TAGS.join(", ")}`);
    const inner = (value as Record<string, unknown>)[tag!];
    if (tag === "$float") {
      if (typeof inner !== "number") throw new TypeError("$float must be a number");
      return inner;
    }
    return decodeTagged(tag!, inner);
  }
  throw new TypeError(`unsupported value ${JSON.stringify(value)}`);
}
