import neo4j, { type Neo4jError } from "neo4j-driver";

/**
 * Neo4j's own value types, for the domains that handle them as they are (an
 * export's properties, the cypher tool's rows and parameters), so that
 * outside src/graph nothing imports the driver. A number for Cypher is
 * readQuery.ts's cypherInt; a result field, Row's accessors.
 */
export { isDate, isDateTime, isDuration, isLocalDateTime, isLocalTime, isNode, isPath, isPoint, isRelationship, isTime } from "neo4j-driver";

/** A driver Integer (a Cypher INTEGER as the driver returns it, lossless). */
export const isInteger = neo4j.isInt;

/** The date-time parts of a temporal value: year, month, day, hour, minute, second, nanosecond. */
export type DateTimeParts = readonly [number, number, number, number, number, number, number];

/** A Cypher DATE to store. */
export const cypherDate = (year: number, month: number, day: number) => new neo4j.types.Date(year, month, day);

/** A Cypher LOCAL DATETIME to store. */
export const cypherLocalDateTime = (parts: DateTimeParts) => new neo4j.types.LocalDateTime(...parts);

/** A Cypher ZONED DATETIME to store: at an offset in seconds, or in a named zone. */
export const cypherDateTime = (parts: DateTimeParts, offsetSeconds: number | undefined, zoneId: string | undefined) =>
  new neo4j.types.DateTime(...parts, offsetSeconds, zoneId);

/** An error Neo4j (or the driver) raised, with its status code. */
export const isNeo4jError = (err: unknown): err is Neo4jError => err instanceof neo4j.Neo4jError;
