import { isDate, isDateTime, isDuration, isInteger, isLocalDateTime, isLocalTime, isNode, isPath, isPoint, isRelationship, isTime } from "../graph/values.js";

/**
 * A value from the driver as plain JSON: integers as numbers (as decimal
 * strings beyond ±2^53, so no digit is lost), temporal values as ISO-8601
 * strings, nodes and relationships as objects with their element ids, paths
 * as their nodes and relationships in order, points as coordinates, bytes as
 * base64. NaN and ±Infinity, which JSON lacks, become strings. Pure.
 */
export function toPlainJson(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (isInteger(value)) return value.inSafeRange() ? value.toNumber() : value.toString();
  if (isNode(value)) return { elementId: value.elementId, labels: value.labels, properties: plainMap(value.properties) };
  if (isRelationship(value)) {
    return {
      elementId: value.elementId,
      type: value.type,
      startNodeElementId: value.startNodeElementId,
      endNodeElementId: value.endNodeElementId,
      properties: plainMap(value.properties),
    };
  }
  if (isPath(value)) {
    return {
      nodes: [value.start, ...value.segments.map((s) => s.end)].map(toPlainJson),
      relationships: value.segments.map((s) => toPlainJson(s.relationship)),
    };
  }
  if (isDate(value) || isDateTime(value) || isLocalDateTime(value) || isTime(value) || isLocalTime(value) || isDuration(value)) return value.toString();
  if (isPoint(value)) return { srid: toPlainJson(value.srid), x: value.x, y: value.y, ...(value.z === undefined ? {} : { z: value.z }) };
  if (value instanceof Uint8Array || value instanceof Int8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64");
  if (Array.isArray(value)) return value.map(toPlainJson);
  if (typeof value === "object") return plainMap(value as Record<string, unknown>);
  return String(value);
}

function plainMap(map: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, toPlainJson(v)]));
}
