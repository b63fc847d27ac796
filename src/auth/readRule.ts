/**
 * The READ rule, declared once. Within its tenant, an owned node may be read
 * by an admin, and by any agent one of these grants lets in. Everything that
 * decides readability is derived from this list: the @neo4j/graphql filter of
 * the generated CRUD (accessRules.ts), the Cypher predicate of hand-written
 * queries (policy.ts VISIBLE_TO_CALLER), the pure check of the knowledge feed
 * and of canRead, and the "shared with me" part memoryQuery adds (SHARED_GRANTS).
 */
type Grant =
  | { by: "owner" } // the node's ownerId is the caller
  | { by: "visibility"; value: "SHARED" } // the node is shared with its whole tenant
  | { by: "sharedWith" }; // the caller's id is in the node's sharedWith list

/** The Visibility enum's values (schema/00-common.graphql): SHARED lets the tenant in, PRIVATE leaves the other grants. */
export const VISIBILITIES = ["PRIVATE", "SHARED"] as const;

export const READ_GRANTS: readonly Grant[] = [{ by: "owner" }, { by: "visibility", value: "SHARED" }, { by: "sharedWith" }];

/** The fields the grants read. */
export interface ReadableFields {
  ownerId: string;
  visibility: string;
  sharedWith?: readonly string[] | null;
}

/** Does a grant let `agentId` read the node (tenant and admin aside)? Pure. */
export function grantsRead(agentId: string, node: ReadableFields, grants: readonly Grant[] = READ_GRANTS): boolean {
  return grants.some((g) => (g.by === "owner" ? node.ownerId === agentId : g.by === "visibility" ? node.visibility === g.value : (node.sharedWith ?? []).includes(agentId)));
}

/**
 * The grants as a Cypher disjunction over the node variable `node`. `agent` is
 * the Cypher expression of the caller's id: `$callerAgent` for hand-written
 * queries, `$jwt.sub` for the SDL's @cypher fields (which @neo4j/graphql runs
 * with the caller's JWT).
 */
export function grantsCypher(grants: readonly Grant[] = READ_GRANTS, agent = "$callerAgent", node = "n"): string {
  return grants
    .map((g) =>
      g.by === "owner" ? `${node}.ownerId = ${agent}` : g.by === "visibility" ? `${node}.visibility = '${g.value}'` : `${agent} IN coalesce(${node}.sharedWith, [])`,
    )
    .join(" OR ");
}

/** The grants as @neo4j/graphql `where` clauses, OR-ed in the READ filter (`$jwt.sub` is the caller). */
export function grantsAuthorization(grants: readonly Grant[] = READ_GRANTS): string {
  return grants
    .map((g) => (g.by === "owner" ? `{ ownerId: { eq: "$jwt.sub" } }` : g.by === "visibility" ? `{ visibility: { eq: ${g.value} } }` : `{ sharedWith: { includes: "$jwt.sub" } }`))
    .join(", ");
}

/** The grants that let in agents other than the owner: what "shared with me" means. */
export const SHARED_GRANTS = READ_GRANTS.filter((g) => g.by !== "owner");
