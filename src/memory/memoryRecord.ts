import { MEMORY_TYPES } from "../core/storedEnums.js";
import { VISIBILITIES } from "../auth/readRule.js";
import type { ContextMemory } from "./context/contextMemory.js";
import type { Row } from "../graph/statement.js";
import { visibleAs, type NodeVariable } from "../graph/visibleAs.js";
import type { ResolversTypes } from "../generated/resolvers-types.js";

/** The API's AgentMemory as a resolver returns it (its graph links are resolved by the schema). */
type AgentMemory = Awaited<ResolversTypes["AgentMemory"]>;

/** A memory as read by the tools: what ranking needs plus what the API shows. */
export interface StoredMemory extends ContextMemory {
  source: string | null;
  ownerId: string;
  visibility: "PRIVATE" | "SHARED";
  embeddingStatus: "PENDING" | "READY";
}

/**
 * Memory `n` as the tools show it, less its dates and agents, in Cypher: the
 * defaults for properties written outside the gateway are given here. One
 * source for AgentMemory in the SDL's @cypher fields (`agentMemory(n)`,
 * AGENT_MEMORY_CYPHER) and for the gateway's statements (MEMORY_PROJECTION).
 */
const MEMORY_FIELDS = `.id, .type, content: coalesce(n.content, ''), importance: coalesce(n.importance, 0.5),
  confidence: coalesce(n.confidence, 1.0), tags: coalesce(n.tags, []), participants: coalesce(n.participants, []),
  .taskId, .conversationId, .source, .ownerId,
  visibility: CASE n.visibility WHEN 'SHARED' THEN 'SHARED' ELSE 'PRIVATE' END,
  embeddingStatus: CASE n.embeddingStatus WHEN 'READY' THEN 'READY' ELSE 'PENDING' END`;

/** When it was recorded; never set reads as the epoch. */
const CREATED_AT = "coalesce(n.createdAt, datetime({epochMillis: 0}))";

/** The agents memory `n` INVOLVES that the caller may read (`visible`: the READ rule over a variable). Binds `involved`. */
const involved = (visible: (v: NodeVariable) => string, item: string) => `[(n)-[:INVOLVES]->(involved:Agent) WHERE ${visible("involved")} | ${item}]`;

/**
 * `agentMemory(n)` in an SDL @cypher statement: the AgentMemory @neo4j/graphql
 * serves (its dates DateTimes, no relevance: these fields do not rank). Binds
 * `involved`, as MEMORY_PROJECTION does.
 */
export const AGENT_MEMORY_CYPHER = `n { ${MEMORY_FIELDS},
  involvedAgentIds: ${involved((v) => `visibleToCaller(${v})`, "involved.id")},
  .occurredAt, createdAt: ${CREATED_AT}, relevance: null }`;

/**
 * The same memory for the gateway's statements, read with toStoredMemory: dates
 * as epoch milliseconds, the INVOLVES agents with their names (an agent node
 * made by a first write, graph/agentNode.ts, may have no name yet: its id stands
 * in). Binds `involved`: queries using it must not have a variable of that name
 * in scope.
 */
export const MEMORY_PROJECTION = `n { ${MEMORY_FIELDS},
  involvedAgents: ${involved(visibleAs, "involved { .id, name: coalesce(involved.name, involved.id) }")},
  occurredAt: n.occurredAt.epochMillis, createdAt: ${CREATED_AT}.epochMillis }`;

const dateOf = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

const EMBEDDING_STATUSES = ["PENDING", "READY"] as const;

/** A row of MEMORY_PROJECTION as a StoredMemory. */
export function toStoredMemory(r: Row): StoredMemory {
  return {
    id: r.string("id"),
    type: r.oneOf("type", MEMORY_TYPES),
    content: r.string("content"),
    importance: r.number("importance"),
    confidence: r.number("confidence"),
    tags: r.strings("tags"),
    participants: r.strings("participants"),
    involvedAgents: r.rows("involvedAgents").map((a) => ({ id: a.string("id"), name: a.string("name") })),
    conversationId: r.stringOrNull("conversationId"),
    taskId: r.stringOrNull("taskId"),
    source: r.stringOrNull("source"),
    ownerId: r.string("ownerId"),
    visibility: r.oneOf("visibility", VISIBILITIES),
    embeddingStatus: r.oneOf("embeddingStatus", EMBEDDING_STATUSES),
    occurredAt: dateOf(r.numberOrNull("occurredAt")),
    createdAt: new Date(r.number("createdAt")),
  };
}

/** The GraphQL `AgentMemory` of a stored memory; `relevance` when the tool ranked it. */
export function toAgentMemory(m: StoredMemory, relevance: number | null = null): AgentMemory {
  return {
    id: m.id,
    type: m.type,
    content: m.content,
    importance: m.importance,
    confidence: m.confidence,
    tags: [...m.tags],
    participants: [...m.participants],
    involvedAgentIds: m.involvedAgents.map((a) => a.id),
    taskId: m.taskId,
    conversationId: m.conversationId,
    source: m.source,
    occurredAt: m.occurredAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
    ownerId: m.ownerId,
    visibility: m.visibility,
    embeddingStatus: m.embeddingStatus,
    relevance: relevance === null ? null : Math.round(relevance * 1e6) / 1e6,
  };
}

export type AgentMemoryOutput = AgentMemory;
