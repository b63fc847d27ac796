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
