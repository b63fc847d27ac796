import { MEMORY_TYPES } from "../core/storedEnums.js";
import type { ContextMemory } from "./context/contextMemory.js";
import type { Row } from "../graph/statement.js";
import { visibleAs } from "../graph/visibleAs.js";
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
 * Cypher map projection of memory `n`: dates as epoch milliseconds, the
 * INVOLVES agents limited to those the caller may read. Binds `involved`:
 * queries using it must not have a variable of that name in scope.
 */
export const MEMORY_PROJECTION = `n { .id, .type, .content, .importance, .confidence, .tags, .participants, .taskId,
  .conversationId, .source, .ownerId, .visibility, .embeddingStatus,
  occurredAt: n.occurredAt.epochMillis, createdAt: n.createdAt.epochMillis,
  involvedAgents: [(n)-[:INVOLVES]->(involved:Agent) WHERE ${visibleAs("involved")} | involved { .id, .name }] }`;

const dateOf = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

/** A row of MEMORY_PROJECTION as a StoredMemory (defaults for properties written outside the gateway). */
export function toStoredMemory(r: Row): StoredMemory {
  return {
    id: r.string("id"),
    type: r.oneOf("type", MEMORY_TYPES),
    content: r.stringOrNull("content") ?? "",
    importance: r.numberOrNull("importance") ?? 0.5,
    confidence: r.numberOrNull("confidence") ?? 1,
    tags: r.stringsOrEmpty("tags"),
    participants: r.stringsOrEmpty("participants"),
    // An agent node made by a first write (graph/agentNode.ts) may have no name yet: its id stands in.
    involvedAgents: r.rows("involvedAgents").map((a) => ({ id: a.string("id"), name: a.stringOrNull("name") ?? a.string("id") })),
    conversationId: r.stringOrNull("conversationId"),
    taskId: r.stringOrNull("taskId"),
    source: r.stringOrNull("source"),
    ownerId: r.string("ownerId"),
    visibility: r.stringOrNull("visibility") === "SHARED" ? "SHARED" : "PRIVATE",
    embeddingStatus: r.stringOrNull("embeddingStatus") === "READY" ? "READY" : "PENDING",
    occurredAt: dateOf(r.numberOrNull("occurredAt")),
    createdAt: dateOf(r.numberOrNull("createdAt")) ?? new Date(0),
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
