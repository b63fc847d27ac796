import type { NodeVariable } from "./visibleAs.js";

const SAFE_LABEL = /^[A-Z][A-Za-z]*$/;

/**
 * Every node of one label in one tenant, read through the tenant's part of
 * the label's (tenantId, id) index by hint: every owned type has that
 * constraint (app/migrations.ts). For reads that compare what no index can
 * seek, such as names in any case. Planned from the statistics instead, such
 * reads scanned the label across every tenant, and a plan made on an empty
 * store is kept while the store grows. The caller goes on with `AND …`.
 */
export function tenantNodes(variable: NodeVariable, label: string, tenant: "$callerTenant" | "$tenantId"): string {
  if (!SAFE_LABEL.test(label)) throw new Error(`Refusing unsafe label ${JSON.stringify(label)}`);
  return `MATCH (${variable}:${label}) USING INDEX SEEK ${variable}:${label}(tenantId, id)
    WHERE ${variable}.tenantId = ${tenant} AND ${variable}.id IS NOT NULL`;
}
