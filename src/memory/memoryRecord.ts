import type { ContextMemory, MemoryType } from "./context/contextMemory.js";
import { toNumber } from "../graph/readQuery.js";
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

const dateOf = (ms: unknown): Date | null => {
  const n = toNumber(ms);
  return n === null ? null : new Date(n);
};

/** A row of MEMORY_PROJECTION as a StoredMemory (defaults for properties written outside the gateway). */
export function toStoredMemory(row: Record<string, unknown>): StoredMemory {
  return {
    id: String(row.id),
    type: row.type as MemoryType,
    content: String(row.content ?? ""),
    importance: toNumber(row.importance) ?? 0.5,
    confidence: toNumber(row.confidence) ?? 1,
    tags: (row.tags as string[] | null) ?? [],
    participants: (row.participants as string[] | null) ?? [],
    involvedAgents: (row.involvedAgents as { id: string; name: string }[] | null) ?? [],
    conversationId: (row.conversationId as string | null) ?? null,
    taskId: (row.taskId as string | null) ?? null,
    source: (row.source as string | null) ?? null,
    ownerId: String(row.ownerId),
    visibility: row.visibility === "SHARED" ? "SHARED" : "PRIVATE",
    embeddingStatus: row.embeddingStatus === "READY" ? "READY" : "PENDING",
    occurredAt: dateOf(row.occurredAt),
    createdAt: dateOf(row.createdAt) ?? new Date(0),
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
