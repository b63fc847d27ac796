import { randomUUID } from "node:crypto";
import neo4j from "neo4j-driver";
import { hasRole, visibilityParams } from "../auth/policy.js";
import { BadUserInputError, ForbiddenError } from "../errors/errors.js";
import type { RequestContext } from "../core/requestContext.js";
import { idArg, strings } from "../core/idArgs.js";
import { optionalText, text, unit } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";
import { MEMORY_PROJECTION, toAgentMemory, toStoredMemory } from "./memoryRecord.js";
import { importanceOf } from "./importanceDefaults.js";
import { MEMORY_WRITE_LABELS } from "./writeLabels.js";
import { defaultInteractionTags, isSignificant, SIGNIFICANCE_THRESHOLD } from "./interactionDefaults.js";

/** `RecordInteractionInput` as the schema delivers it (defaults applied; importance and tags may be absent). */
export interface RecordInteractionInput {
  agentId: string;
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
 * summary (interactionDefaults.ts). An explicit `tags: []` is kept. Pure.
 */
export function parseRecordInteraction(input: RecordInteractionInput, F: string = RECORD) {
  const agentId = idArg(`${F}.agentId`, input.agentId);
  const withAgents = [...new Set(strings(`${F}.withAgents`, input.withAgents, 50, 128).map((id) => idArg(`${F}.withAgents`, id)))];
  if (withAgents.includes(agentId)) throw new BadUserInputError(`${F}.withAgents must not include the agent itself ("${agentId}")`, `${F}.withAgents`);
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
    tags: input.tags == null ? defaultInteractionTags(summary) : strings(`${F}.tags`, input.tags, 50, 100),
  };
}

const FIND = `
  OPTIONAL MATCH (a:Agent {tenantId: $callerTenant, id: $agentId}) WHERE ${visibleAs("a")}
  RETURN a IS NOT NULL AS found,
         [w IN $withAgents WHERE NOT EXISTS { MATCH (x:Agent {tenantId: $callerTenant, id: w}) WHERE ${visibleAs("x")} }] AS missing`;

// embeddingStatus PENDING: the embedding worker picks the memory up after commit; the caller does not wait for it.
const CREATE = `
  MATCH (a:Agent {tenantId: $callerTenant, id: $agentId})
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
 * returns; unknown agents write nothing. With `above`, an interaction whose
 * importance is not strictly above it is checked but not stored (null).
 */
async function record(deps: AppDeps, ctx: RequestContext, raw: RecordInteractionInput, F: string, above?: number) {
  const input = parseRecordInteraction(raw, F);
  const { caller } = ctx;
  if (caller.agentId !== input.agentId && !hasRole(caller, "admin")) {
    throw new ForbiddenError(`Only agent "${input.agentId}" itself or an admin may record its interactions`);
  }
  const params = { ...visibilityParams(caller), ...input, id: randomUUID() };
  const keep = above === undefined || isSignificant(input.importance, above);
  const session = deps.driver.session({ database: deps.database, defaultAccessMode: neo4j.session.WRITE });
  try {
    const row = await session.executeWrite(async (tx) => {
      const check = (await tx.run(FIND, params)).records[0]!;
      if (!check.get("found")) throw new BadUserInputError(`${F}.agentId: no agent "${input.agentId}" in this tenant`, `${F}.agentId`);
      const missing = check.get("missing") as string[];
      if (missing.length > 0) throw new BadUserInputError(`${F}.withAgents: no agent ${missing.map((m) => `"${m}"`).join(", ")} in this tenant`, `${F}.withAgents`);
      return keep ? ((await tx.run(CREATE, params)).records[0]!.get("memory") as Record<string, unknown>) : null;
    });
    if (!row) return { importance: input.importance, memory: null };
    deps.embeddings.wake(MEMORY_WRITE_LABELS.recordInteraction);
    return { importance: input.importance, memory: toAgentMemory(toStoredMemory(row)) };
  } finally {
    await session.close();
  }
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
