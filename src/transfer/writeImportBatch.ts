import neo4j from "neo4j-driver";
import type { AppDeps } from "../core/appDeps.js";
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

/**
 * Writes one planned batch into `tenant`, in one transaction: nodes MERGEd by
 * (label, tenantId, id), then relationships by their fact id, or else by type
 * and ends. Writing the same lines again changes nothing. A relationship whose
 * end is not in the tenant (neither in this batch nor stored) is refused.
 */
export async function writeImportBatch(deps: Pick<AppDeps, "driver" | "database">, tenant: string, plan: ImportPlan): Promise<ImportBatchResult> {
  const session = deps.driver.session({ database: deps.database, defaultAccessMode: neo4j.session.WRITE });
  try {
    return await session.executeWrite(async (tx) => {
      const result: ImportBatchResult = { nodesCreated: 0, nodesExisting: 0, relationshipsCreated: 0, relationshipsExisting: 0, refused: [...plan.refused] };
      for (const group of plan.nodes.values()) {
        const record = (await tx.run(MERGE_NODES(group.labels), { tenant, rows: group.rows })).records[0]!;
        const existing = Number(record.get("existing"));
        result.nodesExisting += existing;
        result.nodesCreated += Number(record.get("total")) - existing;
      }
      for (const group of plan.relationships.values()) {
        const written = new Set<number>();
        for (const record of (await tx.run(MERGE_RELATIONSHIPS(group), { tenant, rows: group.rows })).records) {
          written.add(Number(record.get("line")));
          if (record.get("existed")) result.relationshipsExisting++;
          else result.relationshipsCreated++;
        }
        for (const row of group.rows) {
          if (!written.has(row.line)) result.refused.push({ line: row.line, error: `${group.type}: no ${group.from} "${row.from}" or no ${group.to} "${row.to}" in the tenant` });
        }
      }
      result.refused.sort((a, b) => a.line - b.line);
      return result;
    });
  } finally {
    await session.close();
  }
}
