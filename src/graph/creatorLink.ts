/**
 * The statement part that records who made a knowledge node as the six-agent
 * squad's graph does: `(:Agent)-[:CREATED]->(k)`, from the node's owner (its
 * writer) when that agent's node exists. A unit subquery: the rows around it
 * are neither multiplied nor dropped. `node` is a bound variable, `tenant` and
 * `owner` Cypher expressions (code constants, never input). Pure.
 */
export function linkCreator(node: string, tenant: string, owner: string): string {
  return `CALL (${node}) {
      OPTIONAL MATCH (creator:Agent {tenantId: ${tenant}, id: ${owner}})
      WITH creator WHERE creator IS NOT NULL
      MERGE (creator)-[:CREATED]->(${node})
    }`;
}
