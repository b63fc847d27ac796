import type { NodeTransfers } from "../core/nodeTransfer.js";
import type { ImportPlan } from "./importLines.js";

/**
 * Hands each planned node of a label that keeps something outside the graph
 * (a screenshot's bytes) to that label's NodeTransfer before the batch is
 * written: what it returns is stored; a line it refuses (TypeError) is
 * reported with its number and not written.
 */
export async function carryNodes(plan: ImportPlan, tenant: string, transfers: NodeTransfers): Promise<ImportPlan> {
  const refused = [...plan.refused];
  const nodes: ImportPlan["nodes"] = new Map();
  for (const [key, group] of plan.nodes) {
    const carried = group.labels.map((l) => transfers[l]).find((t) => t !== undefined);
    if (!carried) {
      nodes.set(key, group);
      continue;
    }
    const rows = [];
    for (const row of group.rows) {
      try {
        rows.push({ ...row, properties: await carried.imported(tenant, row.properties) });
      } catch (err) {
        if (!(err instanceof TypeError)) throw err;
        refused.push({ line: row.line, error: err.message });
      }
    }
    if (rows.length > 0) nodes.set(key, { ...group, rows });
  }
  return { ...plan, nodes, refused: refused.sort((a, b) => a.line - b.line) };
}
