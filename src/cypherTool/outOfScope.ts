import type { Caller } from "../core/caller.js";
import { canRead } from "../auth/policy.js";
import { isNode, isPath } from "../graph/values.js";

const text = (v: unknown) => (typeof v === "string" ? v : "");
const texts = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** May the caller read a node with these labels and properties (the READ rule of auth/policy.ts canRead, and a label of the tenant model)? */
function readable(caller: Caller, labels: ReadonlySet<string>, nodeLabels: readonly string[], p: Record<string, unknown>): boolean {
  if (!nodeLabels.some((l) => labels.has(l))) return false;
  return canRead(caller, { tenantId: text(p.tenantId), ownerId: text(p.ownerId), visibility: text(p.visibility), sharedWith: texts(p.sharedWith) });
}

/**
 * The third gate of a tenant's agent's query, after the rewrite and the plan
 * check: the element id of the first node in a result value (a node, a path's
 * nodes, inside lists and maps) that the caller may not read, or null. By
 * construction there is none; one found means the rewrite missed a way out,
 * and the whole result is refused rather than filtered. Relationships are
 * confined through their endpoints, which the query bound. Pure.
 */
export function outOfScope(value: unknown, caller: Caller, labels: ReadonlySet<string>): string | null {
  if (isNode(value)) return readable(caller, labels, value.labels, value.properties) ? null : value.elementId;
  if (isPath(value)) {
    for (const node of [value.start, ...value.segments.map((s) => s.end)]) {
      const found = outOfScope(node, caller, labels);
      if (found) return found;
    }
    return null;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = outOfScope(item, caller, labels);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return outOfScope(Object.values(value), caller, labels);
  }
  return null;
}
