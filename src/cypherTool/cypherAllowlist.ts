/**
 * What `cypherQuery` may call. An allowlist, not a denylist: APOC alone has
 * hundreds of procedures, new ones arrive with every release, and several that
 * look harmless run Cypher of their own (`apoc.when`, `apoc.case`,
 * `apoc.cypher.*`), reach outside the database (`apoc.load.*`, `apoc.export.*`)
 * or start background work (`apoc.periodic.*`, `apoc.trigger.*`). Only names
 * known to read the graph, and nothing else, pass. Names are compared
 * case-insensitively (Neo4j is stricter, so this lets nothing extra through).
 */

/** Procedures, by exact name. */
const PROCEDURE_NAMES = [
  "db.labels",
  "db.relationshipTypes",
  "db.propertyKeys",
  "db.schema.visualization",
  "db.schema.nodeTypeProperties",
  "db.schema.relTypeProperties",
  "db.index.fulltext.queryNodes",
  "db.index.fulltext.queryRelationships",
  "db.index.vector.queryNodes",
  "db.index.vector.queryRelationships",
  "apoc.path.expand",
  "apoc.path.expandConfig",
  "apoc.path.subgraphNodes",
  "apoc.path.subgraphAll",
  "apoc.path.spanningTree",
  "apoc.neighbors.tohop",
  "apoc.neighbors.tohop.count",
  "apoc.neighbors.byhop",
  "apoc.neighbors.byhop.count",
  "apoc.neighbors.athop",
  "apoc.neighbors.athop.count",
  "apoc.algo.dijkstra",
  "apoc.algo.aStar",
  "apoc.algo.aStarConfig",
  "apoc.algo.allSimplePaths",
  "apoc.algo.cover",
  "apoc.meta.stats",
  "apoc.meta.data",
  "apoc.meta.schema",
  "apoc.coll.elements",
  "apoc.coll.partition",
  "apoc.coll.split",
  "apoc.coll.zipToRows",
  "apoc.text.phoneticDelta",
];
const PROCEDURES = new Set(PROCEDURE_NAMES.map((n) => n.toLowerCase()));

/**
 * Function namespaces: pure computations over values (text, lists, maps,
 * numbers, dates, points, vectors) and reads of one node or relationship.
 * `apoc.cypher.*` functions run Cypher, so `apoc.cypher` is not here.
 */
const FUNCTION_NAMESPACES = [
  "point",
  "vector.similarity",
  "date",
  "datetime",
  "localdatetime",
  "time",
  "localtime",
  "duration",
  "apoc.text",
  "apoc.coll",
  "apoc.map",
  "apoc.convert",
  "apoc.math",
  "apoc.number",
  "apoc.date",
  "apoc.temporal",
  "apoc.agg",
  "apoc.node",
  "apoc.nodes",
  "apoc.rel",
  "apoc.label",
  "apoc.any",
  "apoc.hashing",
  "apoc.bitwise",
  "apoc.scoring",
  "apoc.json",
].map((n) => `${n.toLowerCase()}.`);

/** May `CALL name` run? */
export function isAllowedProcedure(name: string): boolean {
  return PROCEDURES.has(name.toLowerCase());
}

/** May the namespaced function `name(…)` run? Unqualified functions are Cypher's own and always may. */
export function isAllowedFunction(name: string): boolean {
  if (!name.includes(".")) return true;
  const lower = name.toLowerCase();
  return FUNCTION_NAMESPACES.some((ns) => lower.startsWith(ns));
}

/** The allowed procedures, for error messages and docs. */
export const ALLOWED_PROCEDURES: readonly string[] = PROCEDURE_NAMES;
/** The allowed function namespaces (`apoc.text.`), for error messages and docs. */
export const ALLOWED_FUNCTION_NAMESPACES: readonly string[] = FUNCTION_NAMESPACES;

/**
 * What a tenant's agent may call in its scoped queries (scopeCypher): Cypher's
 * own functions over values, by exact name, and no procedure. Narrower than the
 * operator's list on purpose: APOC functions are out, because some read the
 * graph beyond the nodes a query bound (`apoc.node.degree` counts neighbours
 * the caller may not read, `apoc.map.fromNodes` reads a whole label,
 * `apoc.cypher.*` runs Cypher of its own).
 */
const SCOPED_FUNCTION_NAMES = [
  // aggregation
  "avg", "collect", "count", "max", "min", "percentileCont", "percentileDisc", "stDev", "stDevP", "sum",
  // predicates and scalars
  "coalesce", "elementId", "endNode", "head", "id", "last", "length", "properties", "randomUUID", "size", "startNode", "timestamp", "toBoolean",
  "toBooleanOrNull", "toFloat", "toFloatOrNull", "toInteger", "toIntegerOrNull", "type", "valueType", "isEmpty", "isNaN", "nullIf",
  // lists
  "keys", "labels", "nodes", "range", "relationships", "reverse", "tail", "toBooleanList", "toFloatList", "toIntegerList", "toStringList",
  // numbers
  "abs", "ceil", "floor", "rand", "round", "sign", "e", "exp", "log", "log10", "sqrt", "acos", "asin", "atan", "atan2", "cos", "cot", "degrees",
  "haversin", "pi", "radians", "sin", "tan",
  // strings
  "btrim", "left", "lower", "ltrim", "normalize", "replace", "right", "rtrim", "split", "substring", "toLower", "toString", "toStringOrNull",
  "toUpper", "trim", "upper", "char_length", "character_length",
  // temporal and spatial values
  "date", "datetime", "localdatetime", "localtime", "time", "duration", "point",
  "date.truncate", "datetime.truncate", "localdatetime.truncate", "localtime.truncate", "time.truncate", "datetime.fromEpoch", "datetime.fromEpochMillis",
  "duration.between", "duration.inDays", "duration.inMonths", "duration.inSeconds", "point.distance", "point.withinBBox",
  "vector.similarity.cosine", "vector.similarity.euclidean",
];
const SCOPED_FUNCTIONS = new Set(SCOPED_FUNCTION_NAMES.map((n) => n.toLowerCase()));

/** May a tenant's agent call the function `name` (dotted, unquoted) in a scoped query? */
export function isScopedFunction(name: string): boolean {
  return SCOPED_FUNCTIONS.has(name.toLowerCase());
}

/** The functions a scoped query may call, for docs and error messages. */
export const SCOPED_FUNCTIONS_ALLOWED: readonly string[] = SCOPED_FUNCTION_NAMES;
