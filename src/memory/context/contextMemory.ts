import type { MEMORY_TYPES } from "../../core/storedEnums.js";

export type MemoryType = (typeof MEMORY_TYPES)[number];

/**
 * A memory as the ranking and formatting functions see it: plain data, read
 * from Neo4j by the tools (src/memory/memoryRecord.ts).
 */
export interface ContextMemory {
  id: string;
  type: MemoryType;
  content: string;
  importance: number;
  confidence: number;
  tags: readonly string[];
  /** Free-text participants (people's names or ids, agents' ids). */
  participants: readonly string[];
  /** Ids and names of the agents the memory INVOLVES. */
  involvedAgents: readonly { id: string; name: string }[];
  conversationId: string | null;
  taskId: string | null;
  occurredAt: Date | null;
  createdAt: Date;
}

/** When the remembered thing happened: `occurredAt` when given, else when it was stored. */
export const memoryDate = (m: Pick<ContextMemory, "occurredAt" | "createdAt">): Date => m.occurredAt ?? m.createdAt;

/** `YYYY-MM-DD` in UTC, as the block prints it. */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
