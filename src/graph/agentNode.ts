/**
 * The statement part that makes sure an agent's node exists: an agent is its
 * credentials' subject, so its first write (or the API key made for it) creates
 * the node, owned by itself, SHARED as agents are, with the SDL's defaults.
 * `variable` is bound to the node; `tenant` and `id` are the names of the
 * Cypher parameters holding them (code constants, never input).
 */
export function ensureAgentNode(variable: "me" | "a", tenant: "$tenantId" | "$callerTenant", id: "$ownerId" | "$agentId" | "$rememberAs"): string {
  return `MERGE (${variable}:Agent {tenantId: ${tenant}, id: ${id}})
    ON CREATE SET ${variable}.ownerId = ${id}, ${variable}.visibility = 'SHARED', ${variable}.sharedWith = [], ${variable}.name = ${id},
      ${variable}.role = 'agent', ${variable}.capabilities = [], ${variable}.outputTypes = [], ${variable}.inputTypes = [],
      ${variable}.state = 'IDLE', ${variable}.createdAt = datetime()`;
}
