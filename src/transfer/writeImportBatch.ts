import type { AppDeps } from "../core/appDeps.js";
import { executor } from "../graph/executor.js";
import { onlyRow, type Row, type Statement } from "../graph/statement.js";
import type { ImportPlan, RefusedLine } from "./importLines.js";

/** What one batch did. */
export interface ImportBatchResult {
  nodesCreated: number;
  nodesExisting: number;
  relationshipsCreated: number;
  relationshipsExisting: number;
  refused: RefusedLine[];
}

const quote = (name: string) => `\`${name}\``;

// Labels and types are interpolated: planImport let through only the SDL's closed set.
const MERGE_NODES = (labels: string[]) => `
  UNWIND $rows AS row
  WITH row, EXISTS { MATCH (old:${quote(labels[0]!)} {tenantId: $tenant, id: row.id}) } AS existed
  MERGE (n:${quote(labels[0]!)} {tenantId: $tenant, id: row.id})
  SET n += row.properties${labels.length > 1 ? `, n:${labels.slice(1).map(quote).join(":")}` : ""}
  RETURN count(CASE WHEN existed THEN 1 END) AS existing, count(*) AS total`;

const MERGE_RELATIONSHIPS = (g: { type: string; from: string; to: string; keyed: boolean }) => `
  UNWIND $rows AS row
  MATCH (a:${quote(g.from)} {tenantId: $tenant, id: row.from})
  MATCH (b:${quote(g.to)} {tenantId: $tenant, id: row.to})
  WITH row, a, b, EXISTS { MATCH (a)-[old:${quote(g.type)}]->(b) ${g.keyed ? "WHERE old.factId = row.factId" : ""} } AS existed
  MERGE (a)-[r:${quote(g.type)}${g.keyed ? " {factId: row.factId}" : ""}]->(b)
  SET r += row.properties
  RETURN row.line AS line, existed`;

type NodeGroup = ImportPlan["nodes"] extends Map<string, infer G> ? G : never;
type RelationshipGroup = ImportPlan["relationships"] extends Map<string, infer G> ? G : never;

/** One label set's nodes, MERGEd: how many were there already, of how many. */
const mergeNodes = (tenant: string, group: NodeGroup): Statement<{ existing: number; total: number }> => ({
  cypher: MERGE_NODES(group.labels),
  params: { tenant, rows: group.rows },
  decode: (r: Row) => ({ existing: r.number("existing"), total: r.number("total") }),
});

/** One type's relationships between two labels, MERGEd: a row per line written (a line whose ends are missing has none). */
const mergeRelationships = (tenant: string, group: RelationshipGroup): Statement<{ line: number; existed: boolean }> => ({
  cypher: MERGE_RELATIONSHIPS(group),
  params: { tenant, rows: group.rows },
  decode: (r: Row) => ({ line: r.number("line"), existed: r.boolean("existed") }),
});

/**
 * Writes one planned batch into `tenant`, in one transaction: nodes MERGEd by
 * (label, tenantId, id), then relationships by their fact id, or else by type
 * and ends. Writing the same lines again changes nothing. A relationship whose
 * end is not in the tenant (neither in this batch nor stored) is refused.
 */
export async function writeImportBatch(deps: Pick<AppDeps, "driver" | "database">, tenant: string, plan: ImportPlan): Promise<ImportBatchResult> {
  // Without the shared bookmarks, as the import always wrote.
  return executor(deps).writeTransaction(async (tx) => {
    const result: ImportBatchResult = { nodesCreated: 0, nodesExisting: 0, relationshipsCreated: 0, relationshipsExisting: 0, refused: [...plan.refused] };
    for (const group of plan.nodes.values()) {
      const { existing, total } = onlyRow(await tx.run(mergeNodes(tenant, group)));
      result.nodesExisting += existing;
      result.nodesCreated += total - existing;
    }
    for (const group of plan.relationships.values()) {
      const written = new Set<number>();
      for (const { line, existed } of await tx.run(mergeRelationships(tenant, group))) {
        written.add(line);
        if (existed) result.relationshipsExisting++;
        else result.relationshipsCreated++;
      }
      for (const row of group.rows) {
        if (!written.has(row.line)) result.refused.push({ line: row.line, error: `${group.type}: no ${group.from} "${row.from}" or no ${group.to} "${row.to}" in the tenant` });
      }
    }
    result.refused.sort((a, b) => a.line - b.line);
    return result;
  }, { bookmarks: false });
}
