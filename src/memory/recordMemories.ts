import { randomUUID } from "node:crypto";
import { executor, type GraphTarget } from "../graph/executor.js";
import type { Row } from "../graph/statement.js";
import type { Caller } from "../core/caller.js";
import { hasRole } from "../auth/policy.js";
import { BadUserInputError, ForbiddenError } from "../errors/errors.js";
import { importanceOf } from "./importanceDefaults.js";

/** One memory as recordMemories receives it (GraphQL defaults applied, limits already checked; importance may be absent). */
export interface MemoryInput {
  type: string;
  content: string;
  importance?: number | null;
  confidence: number;
  tags: string[];
  participants: string[];
  taskId?: string | null;
  conversationId?: string | null;
  source?: string | null;
  occurredAt?: unknown;
  visibility: "PRIVATE" | "SHARED";
}

export const MAX_MEMORIES_PER_CALL = 1000;

/**
 * Writes a batch of memories for one agent in one transaction, with one
 * UNWIND statement whose text never changes (Neo4j plans it once, whatever
 * the batch size). Each memory is PENDING for the embedding worker. A memory
 * given no `occurredAt` happened when it was recorded: every memory recorded
 * here has one, which orders the turns of a conversation. A memory given no
 * importance gets its type's (importanceDefaults.ts).
 */
export async function recordMemories(
  target: GraphTarget,
  caller: Caller,
  agentId: string | null | undefined,
  memories: readonly MemoryInput[],
): Promise<string[]> {
  const owner = agentId ?? caller.agentId;
  if (owner !== caller.agentId && !hasRole(caller, "admin")) {
    throw new ForbiddenError(`Only the agent itself or an admin may record memories for ${owner}`);
  }
  if (memories.length === 0) throw new BadUserInputError("recordMemories.memories must hold at least one memory", "recordMemories.memories");
  if (memories.length > MAX_MEMORIES_PER_CALL) {
    throw new BadUserInputError(
      `recordMemories.memories takes at most ${MAX_MEMORIES_PER_CALL} items, got ${memories.length}`,
      "recordMemories.memories",
    );
  }
  const rows = memories.map((m) => ({
    id: randomUUID(),
    type: m.type,
    content: m.content,
    importance: importanceOf(m.type, m.importance),
    confidence: m.confidence,
    tags: m.tags,
    participants: m.participants,
    taskId: m.taskId ?? null,
    conversationId: m.conversationId ?? null,
    source: m.source ?? null,
    occurredAt: m.occurredAt == null ? null : String(m.occurredAt),
    visibility: m.visibility,
  }));
  const statement = {
    cypher: `MATCH (a:Agent {tenantId: $tenantId, id: $owner})
     UNWIND $rows AS row
     CREATE (m:Memory {
       id: row.id, tenantId: $tenantId, ownerId: $owner, visibility: row.visibility, sharedWith: [],
       type: row.type, content: row.content, importance: row.importance, confidence: row.confidence,
       tags: row.tags, participants: row.participants, taskId: row.taskId, conversationId: row.conversationId,
       source: row.source, occurredAt: CASE WHEN row.occurredAt IS NULL THEN datetime() ELSE datetime(row.occurredAt) END,
       createdAt: datetime(), embeddingStatus: 'PENDING'
     })
     CREATE (a)-[:REMEMBERS]->(m)
     RETURN m.id AS id`,
    params: { tenantId: caller.tenantId, owner, rows },
    decode: (r: Row) => r.string("id"),
  };
  const ids = await executor(target).writeTransaction((tx) => tx.run(statement));
  if (ids.length === 0) throw new BadUserInputError(`recordMemories.agentId: there is no agent "${owner}" in this tenant`, "recordMemories.agentId");
  return ids;
}
