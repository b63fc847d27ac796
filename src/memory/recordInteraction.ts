import { randomUUID } from "node:crypto";
import { hasRole, visibilityParams } from "../auth/policy.js";
import { BadUserInputError, ForbiddenError } from "../errors/errors.js";
import type { RequestContext } from "../core/requestContext.js";
import { idArg, strings } from "../core/idArgs.js";
import { optionalText, text, unit } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";
import { ensureAgentNode } from "../graph/agentNode.js";
import { executor } from "../graph/executor.js";
import { onlyRow, type Row } from "../graph/statement.js";
import { MEMORY_PROJECTION, toAgentMemory, toStoredMemory } from "./memoryRecord.js";
import { importanceOf } from "./importanceDefaults.js";
import { MEMORY_WRITE_LABELS } from "./writeLabels.js";
import { defaultInteractionTags, isSignificant, SIGNIFICANCE_THRESHOLD } from "./interactionDefaults.js";
import { resolveAgentRef, resolveAgentRefs } from "./agentRef.js";

/** `RecordInteractionInput` as the schema delivers it (defaults applied; importance and tags may be absent). */
export interface RecordInteractionInput {
  /** Not given: the caller. */
  agentId?: string | null;
  withAgents: string[];
  withPeople: string[];
  summary: string;
  conversationId?: string | null;
  importance?: number | null;
  tags?: string[] | null;
}

const RECORD = "recordInteraction.input";

/**
 * Checks the input against Memory's own limits (schema/memories.graphql) and
 * fills what the writer left out: INTERACTION's importance, and tags from the
 * summary (interactionDefaults.ts). An explicit `tags: []` is kept; the agent
 * itself among `withAgents` is dropped. Pure.
 */
export function parseRecordInteraction(input: RecordInteractionInput & { agentId: string }, F: string = RECORD, baseTags?: readonly string[]) {
  const agentId = idArg(`${F}.agentId`, input.agentId);
  // The agent itself among those it talked with is skipped: an interaction with oneself is no error, and no link.
  const withAgents = [...new Set(strings(`${F}.withAgents`, input.withAgents, 50, 128).map((id) => idArg(`${F}.withAgents`, id)))].filter((id) => id !== agentId);
  const withPeople = strings(`${F}.withPeople`, input.withPeople, 50, 200);
  if (withAgents.length + withPeople.length > 50) throw new BadUserInputError(`${F}: at most 50 participants (withAgents + withPeople)`, `${F}.withPeople`);
  const summary = text(`${F}.summary`, input.summary, 20000);
  return {
    agentId,
    withAgents,
    participants: [...new Set([...withAgents, ...withPeople])],
    summary,
    conversationId: optionalText(`${F}.conversationId`, input.conversationId, 200),
    importance: unit(`${F}.importance`, importanceOf("INTERACTION", input.importance)),
    tags: input.tags == null ? defaultInteractionTags(summary, baseTags) : strings(`${F}.tags`, input.tags, 50, 100),
  };
}

// Who of `withAgents` is an agent the caller may read: the others are recorded as people (participants, no INVOLVES).
const FIND = `
  OPTIONAL MATCH (a:Agent {tenantId: $callerTenant, id: $agentId}) WHERE ${visibleAs("a")}
  RETURN a IS NOT NULL AS found,
         [w IN $withAgents WHERE EXISTS { MATCH (x:Agent {tenantId: $callerTenant, id: w}) WHERE ${visibleAs("x")} }] AS known`;

/** FIND's row: whether the agent is there, and which of `withAgents` the caller may read. */
const found = (r: Row) => ({ found: r.boolean("found"), known: r.strings("known") });

// embeddingStatus PENDING: the embedding worker picks the memory up after commit; the caller does not wait for it.
// The caller's own Agent node is created by its first interaction (an agent is its credentials' subject).
const CREATE = `
  ${ensureAgentNode("a", "$callerTenant", "$agentId")}
  CREATE (a)-[:REMEMBERS]->(n:Memory {
    id: $id, tenantId: $callerTenant, ownerId: $callerAgent, visibility: 'PRIVATE', sharedWith: [],
    type: 'INTERACTION', content: $summary, importance: $importance, confidence: 1.0, tags: $tags,
    participants: $participants, conversationId: $conversationId, createdAt: datetime(), embeddingStatus: 'PENDING'
  })
  WITH a, n
  CALL (n) {
    MATCH (x:Agent {tenantId: $callerTenant}) WHERE x.id IN $withAgents AND ${visibleAs("x")}
    CREATE (n)-[:INVOLVES]->(x)
  }
  RETURN ${MEMORY_PROJECTION} AS memory`;

/**
 * Checks and writes one interaction in one transaction, committed before it
 * returns. Another agent that does not exist writes nothing; unknown agents
 * among those it was with are kept as people (participants, not INVOLVES). With `above`, an interaction whose
 * importance is not strictly above it is checked but not stored (null).
 */
async function record(deps: AppDeps, ctx: RequestContext, raw: RecordInteractionInput, F: string, above?: number) {
  const { caller } = ctx;
  // The squad's bot names agents by display name ("Möngke"); ids work as always.
  const agentId = raw.agentId == null || raw.agentId === caller.agentId ? caller.agentId : await resolveAgentRef(deps, caller, `${F}.agentId`, raw.agentId);
  const withAgents = await resolveAgentRefs(deps, caller, `${F}.withAgents`, strings(`${F}.withAgents`, raw.withAgents, 50, 200));
  const input = parseRecordInteraction({ ...raw, agentId, withAgents }, F, deps.interactionTags);
  if (caller.agentId !== input.agentId && !hasRole(caller, "admin")) {
    throw new ForbiddenError(`Only agent "${input.agentId}" itself or an admin may record its interactions`);
  }
  const params = { ...visibilityParams(caller), ...input, id: randomUUID() };
  const keep = above === undefined || isSignificant(input.importance, above);
  // One managed write without the shared bookmarks, as recordInteraction always wrote.
  const row = await executor(deps).writeTransaction(async (tx) => {
    const check = onlyRow(await tx.run({ cypher: FIND, params, decode: found }));
    // Only the caller's own node comes into being here; another agent must exist.
    if (!check.found && input.agentId !== caller.agentId) throw new BadUserInputError(`${F}.agentId: no agent "${input.agentId}" in this tenant`, `${F}.agentId`);
    return keep ? onlyRow(await tx.run({ cypher: CREATE, params: { ...params, withAgents: check.known }, decode: (r) => toStoredMemory(r.row("memory")) })) : null;
  }, { bookmarks: false });
  if (!row) return { importance: input.importance, memory: null };
  deps.embeddings.wake(MEMORY_WRITE_LABELS.recordInteraction);
  return { importance: input.importance, memory: toAgentMemory(row) };
}

/** `Mutation.recordInteraction`: only the agent itself or an admin records for an agent; always stores. */
export function recordInteractionResolver(deps: AppDeps) {
  return async (_: unknown, args: { input: RecordInteractionInput }, ctx: RequestContext) => (await record(deps, ctx, args.input, RECORD)).memory!;
}

/**
 * `Mutation.recordSignificantInteraction`: the squad note's opt-in filter
 * ("only record significant interactions (value score > 0.6)"): stored only
 * when the importance is strictly above `above` (0..1, default 0.6); says
 * whether it was.
 */
export function recordSignificantInteractionResolver(deps: AppDeps) {
  return async (_: unknown, args: { input: RecordInteractionInput; above?: number | null }, ctx: RequestContext) => {
    const threshold = unit("recordSignificantInteraction.above", args.above ?? SIGNIFICANCE_THRESHOLD);
    const { importance, memory } = await record(deps, ctx, args.input, "recordSignificantInteraction.input", threshold);
    return { recorded: memory !== null, importance, threshold, memory };
  };
}
