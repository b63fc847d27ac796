import { createHash } from "node:crypto";

/**
 * A node's keys (textKeys.ts) are indexed under the scopes a search reads
 * them in: its tenant, and its owner within the tenant. A full-text read of a
 * common key then meets only the holders in the searcher's scope; with the
 * bare keys indexed it met every tenant's and every conversation's holders
 * and filtered them afterwards, a read that grew with the whole store (on
 * LoCoMo's five conversations the difference did not show in p95:
 * docs/benchmarks.md). A scope is a hash, so the term is one whitespace
 * token whatever the ids hold.
 */
const tag = (parts: readonly string[]) => createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 16);

export const tenantScope = (tenantId: string) => `t${tag([tenantId])}`;
export const ownerScope = (tenantId: string, ownerId: string) => `o${tag([tenantId, ownerId])}`;

/** The indexed terms of some keys under one scope. */
const under = (scope: string, keys: readonly string[]) => keys.map((key) => `${scope}_${key}`);

/** The indexed terms of a node's keys: each key under its tenant, and under its owner when it has one. Pure. */
export function keyTerms(keys: readonly string[], tenantId: string, ownerId: string | null): string[] {
  const scopes = [tenantScope(tenantId), ...(ownerId ? [ownerScope(tenantId, ownerId)] : [])];
  return scopes.flatMap((scope) => under(scope, keys));
}

/** Lucene refuses a query of more than 1,024 clauses. */
export const MAX_SEARCH_TERMS = 1000;

/**
 * The terms a search reads for some keys: under each agent the search is
 * limited to, so the read meets only their holders; else (no agent named, or
 * too many terms) under the caller's tenant. The search's own filters still
 * apply to what the read returns. Pure.
 */
export function searchTerms(keys: readonly string[], tenantId: string, agentIds: readonly string[] | null): string[] {
  if (agentIds && agentIds.length > 0 && keys.length * agentIds.length <= MAX_SEARCH_TERMS) {
    return agentIds.flatMap((agent) => under(ownerScope(tenantId, agent), keys));
  }
  return under(tenantScope(tenantId), keys.slice(0, MAX_SEARCH_TERMS));
}
