import { visibilityParams } from "../auth/policy.js";
import type { Caller } from "../core/caller.js";
import type { AppDeps } from "../core/appDeps.js";
import { text } from "../core/args.js";
import { BadUserInputError } from "../errors/errors.js";
import { executor } from "../graph/executor.js";
import { visibleAs, type NodeVariable } from "../graph/visibleAs.js";

/** Longest agent reference taken: an id is at most 128 characters, a name 200 (schema/agents.graphql). */
export const MAX_AGENT_REF = 200;

/**
 * The agent a reference `ref` (bound before) names, as Cypher: binds `byId`,
 * the agent of that id, and `byName`, when no id matched, at most two agents
 * of that display name (any case); only agents the caller may read. `tenant`
 * and `visible` are the caller's tenant and READ rule as the statement has
 * them: `$callerTenant` and visibleAs in the gateway's statements, `$jwt.tenant`
 * and `visibleToCaller` in the SDL's (`agentByRef(ref)`, AGENT_BY_REF_CYPHER).
 */
const agentByRef = (tenant: string, visible: (v: NodeVariable) => string) => `
  OPTIONAL MATCH (byId:Agent {tenantId: ${tenant}, id: ref}) WHERE ${visible("byId")}
  CALL (ref, byId) {
    MATCH (x:Agent {tenantId: ${tenant}}) WHERE byId IS NULL AND toLower(x.name) = toLower(ref) AND ${visible("x")}
    RETURN collect(x)[..2] AS byName
  }`;

/** `agentByRef(ref)` in an SDL @cypher statement. */
export const AGENT_BY_REF_CYPHER = agentByRef("$jwt.tenant", (v) => `visibleToCaller(${v})`);

// Per reference: the agent of that id, else the one agent of that display name, readable by the caller.
const RESOLVE = `
  UNWIND range(0, size($refs) - 1) AS i
  WITH i, $refs[i] AS ref
  ${agentByRef("$callerTenant", visibleAs)}
  RETURN i, coalesce(byId.id, CASE WHEN size(byName) = 1 THEN byName[0].id END) AS id, size(byName) > 1 AS ambiguous
  ORDER BY i`;

/**
 * Agents as the Discord squad's bot names them: by id (`mongke`) or by the
 * display name it prints (`Möngke`, any case). Gives each reference's agent id,
 * or the reference itself when no agent the caller may read answers to it (the
 * caller then reports it unknown, or keeps it as a person). Two agents sharing
 * the name are BAD_USER_INPUT naming `field`: the id must be used.
 */
export async function resolveAgentRefs(deps: Pick<AppDeps, "driver" | "database">, caller: Caller, field: string, refs: readonly string[]): Promise<string[]> {
  if (refs.length === 0) return [];
  const rows = await executor(deps).read({
    cypher: RESOLVE,
    params: { ...visibilityParams(caller), refs },
    decode: (r) => ({ id: r.stringOrNull("id"), ambiguous: r.boolean("ambiguous") }),
  });
  return rows.map((row, i) => {
    if (row.ambiguous) throw new BadUserInputError(`${field}: more than one agent is named "${refs[i]!.slice(0, 40)}"; use its id`, field);
    return row.id ?? refs[i]!;
  });
}

/** One agent reference, by id or display name (see resolveAgentRefs); checked as text of at most 200 characters first. */
export async function resolveAgentRef(deps: Pick<AppDeps, "driver" | "database">, caller: Caller, field: string, value: unknown): Promise<string> {
  const [id] = await resolveAgentRefs(deps, caller, field, [text(field, value, MAX_AGENT_REF)]);
  return id!;
}
