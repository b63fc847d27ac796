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

/** `RecordInteractionInput` as the schema delivers it (defaults applied). */
export interface RecordInteractionInput {
  agentId: string;
  withAgents: string[];
  withPeople: string[];
  summary: string;
  conversationId?: string | null;
  importance: number;
  tags: string[];
}

const F = "recordInteraction.input";

/** Checks the input against Memory's own limits (schema/memories.graphql). Pure. */
export function parseRecordInteraction(input: RecordInteractionInput) {
  const agentId = idArg(`${F}.agentId`, input.agentId);
  const withAgents = [...new Set(strings(`${F}.withAgents`, input.withAgents, 50, 128).map((id) => idArg(`${F}.withAgents`, id)))];
  if (withAgents.includes(agentId)) throw new BadUserInputError(`${F}.withAgents must not include the agent itself ("${agentId}")`, `${F}.withAgents`);
  const withPeople = strings(`${F}.withPeople`, input.withPeople, 50, 200);
  if (withAgents.length + withPeople.length > 50) throw new BadUserInputError(`${F}: at most 50 participants (withAgents + withPeople)`, `${F}.withPeople`);
  return {
    agentId,
    withAgents,
    participants: [...new Set([...withAgents, ...withPeople])],
    summary: text(`${F}.summary`, input.summary, 20000),
    conversationId: optionalText(`${F}.conversationId`, input.conversationId, 200),
    importance: unit(`${F}.importance`, input.importance),
    tags: strings(`${F}.tags`, input.tags, 50, 100),
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
 * `Mutation.recordInteraction`: only the agent itself or an admin records for
 * an agent. The checks and the write run in one transaction, committed before
 * the resolver returns; unknown agents write nothing.
 */
export function recordInteractionResolver(deps: AppDeps) {
  return async (_: unknown, args: { input: RecordInteractionInput }, ctx: RequestContext) => {
    const input = parseRecordInteraction(args.input);
    const { caller } = ctx;
    if (caller.agentId !== input.agentId && !hasRole(caller, "admin")) {
      throw new ForbiddenError(`Only agent "${input.agentId}" itself or an admin may record its interactions`);
    }
    const params = { ...visibilityParams(caller), ...input, id: randomUUID() };
    const session = deps.driver.session({ database: deps.database, defaultAccessMode: neo4j.session.WRITE });
    try {
      const row = await session.executeWrite(async (tx) => {
        const check = (await tx.run(FIND, params)).records[0]!;
        if (!check.get("found")) throw new BadUserInputError(`${F}.agentId: no agent "${input.agentId}" in this tenant`, `${F}.agentId`);
        const missing = check.get("missing") as string[];
        if (missing.length > 0) throw new BadUserInputError(`${F}.withAgents: no agent ${missing.map((m) => `"${m}"`).join(", ")} in this tenant`, `${F}.withAgents`);
        return (await tx.run(CREATE, params)).records[0]!.get("memory") as Record<string, unknown>;
      });
      deps.embeddings.wake();
      return toAgentMemory(toStoredMemory(row));
    } finally {
      await session.close();
    }
  };
}
