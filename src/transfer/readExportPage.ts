import type { AppDeps } from "../core/appDeps.js";
import { cypherInt } from "../graph/readQuery.js";
import { executor } from "../graph/executor.js";
import { onlyRow, type Row } from "../graph/statement.js";
import { nextCursor, type ExportCursor } from "./exportCursor.js";
import { nodeLine, relationshipLine } from "./exportLines.js";
import type { TransferTypes } from "../core/schemaFacts.js";

type Deps = Pick<AppDeps, "driver" | "database" | "nodeTransfers">;

/**
 * Nodes of one label (interpolated: it comes from the SDL's closed set), by id;
 * a node that also carries an earlier label of the set is read under that one,
 * so no node is read twice.
 */
const OF_LABEL = (label: string) => `
  MATCH (n:\`${label}\` {tenantId: $tenant})
  WHERE ($after IS NULL OR n.id > $after) AND none(l IN labels(n) WHERE l IN $earlier)`;

const NODES = (label: string) => `${OF_LABEL(label)}
  RETURN n.id AS id, labels(n) AS labels, properties(n) AS properties
  ORDER BY n.id LIMIT $limit`;

// Only relationships the SDL declares, between two nodes of the tenant that the export holds.
const RELATIONSHIPS = (label: string) => `${OF_LABEL(label)}
  WITH n ORDER BY n.id LIMIT $limit
  OPTIONAL MATCH (n)-[r]->(b)
  WHERE type(r) IN $types AND b.tenantId = $tenant AND any(l IN labels(b) WHERE l IN $labels)
  WITH n, r, b ORDER BY n.id, type(r), b.id, r.factId
  RETURN n.id AS id, collect(CASE WHEN r IS NULL THEN null ELSE {type: type(r), toLabels: labels(b), toId: b.id, properties: properties(r)} END) AS rels`;

const COUNT_NODES = (label: string) => `${OF_LABEL(label)} RETURN count(n) AS n`;
const COUNT_RELATIONSHIPS = (label: string) => `${OF_LABEL(label)}
  MATCH (n)-[r]->(b)
  WHERE type(r) IN $types AND b.tenantId = $tenant AND any(l IN labels(b) WHERE l IN $labels)
  RETURN type(r) AS type, count(r) AS n`;

const paramsOf = (types: TransferTypes, tenant: string, label: number, after: string | null, limit: number) => ({
  tenant,
  after,
  // An INTEGER: LIMIT refuses the FLOAT a JavaScript number would be.
  limit: cypherInt(limit),
  earlier: types.labels.slice(0, label),
  types: types.relationshipTypes,
  labels: types.labels,
});

/** How many nodes of each label and relationships of each type the export of `tenant` holds, for its header. */
export async function countTenant(deps: Deps, types: TransferTypes, tenant: string) {
  const graph = executor(deps);
  const nodes: Record<string, number> = {};
  const relationships: Record<string, number> = {};
  for (const [i, label] of types.labels.entries()) {
    const params = paramsOf(types, tenant, i, null, 0);
    const n = onlyRow(await graph.read({ cypher: COUNT_NODES(label), params, decode: (row) => row.number("n") }));
    if (n > 0) nodes[label] = n;
    for (const row of await graph.read({ cypher: COUNT_RELATIONSHIPS(label), params, decode: (r) => ({ type: r.string("type"), n: r.number("n") }) })) {
      relationships[row.type] = (relationships[row.type] ?? 0) + row.n;
    }
  }
  return { nodes, relationships };
}

/** A relationship out of a node, as RELATIONSHIPS projects it; its properties are whatever it holds. */
const relOf = (r: Row) => ({ type: r.string("type"), toLabels: r.strings("toLabels"), toId: r.string("toId"), properties: r.map("properties") });

/**
 * One page of the export of `tenant` from `cursor`: `pageSize` nodes, or the
 * relationships out of `pageSize` nodes, as export lines (JSON texts), and the
 * cursor of the next page (null at the end). Pages are read one by one, so
 * the export never holds the tenant in memory; it is not a snapshot: what is
 * written meanwhile may or may not be in it.
 */
export async function readExportPage(deps: Deps, types: TransferTypes, tenant: string, cursor: ExportCursor, pageSize: number, vectors: boolean) {
  const graph = executor(deps);
  const lines: string[] = [];
  let at: ExportCursor | null = cursor;
  // Counted in nodes read: a node with many relationships is still one step.
  let budget = pageSize;
  while (at && budget > 0) {
    const label = types.labels[at.label]!;
    const params = paramsOf(types, tenant, at.label, at.after, budget);
    let ids: string[];
    if (at.phase === "nodes") {
      const rows = await graph.read({ cypher: NODES(label), params, decode: (row) => ({ id: row.string("id"), labels: row.strings("labels"), properties: row.map("properties") }) });
      // What the label keeps outside the graph (a screenshot's bytes on disk) goes inline.
      const carried = deps.nodeTransfers?.[label];
      for (const row of rows) {
        const properties = carried ? await carried.exported(tenant, row.properties) : row.properties;
        lines.push(JSON.stringify(nodeLine(label, row.labels, properties, vectors)));
      }
      ids = rows.map((r) => r.id);
    } else {
      const rows = await graph.read({ cypher: RELATIONSHIPS(label), params, decode: (row) => ({ id: row.string("id"), rels: row.rows("rels").map(relOf) }) });
      for (const row of rows) for (const rel of row.rels) lines.push(JSON.stringify(relationshipLine(types.labels, { label, id: row.id }, rel, vectors)));
      ids = rows.map((r) => r.id);
    }
    at = nextCursor(at, types.labels.length, ids.length, budget, ids.at(-1) ?? null);
    budget -= ids.length;
  }
  return { lines, next: at };
}
