import type { MemoryType, TaskStatus, TaskType } from "../generated/resolvers-types.js";

/*
 * SDL enums as values, for the code that reads stored nodes back (Row.oneOf
 * refuses anything else): memories (search hits, the memory tools), and tasks
 * (the agent's task context, the heartbeat's checklist).
 * tests/unit/schema/storedEnums.test.ts holds each list equal to its SDL enum.
 */

/** The four kinds of memory of the Discord agent squad (schema/memories.graphql). */
export const MEMORY_TYPES = ["OBSERVATION", "LEARNING", "INSIGHT", "INTERACTION"] as const satisfies readonly MemoryType[];
export const TASK_TYPES = ["RESEARCH", "WRITING", "APPLICATION", "ORCHESTRATION", "ANALYSIS", "OPS"] as const satisfies readonly TaskType[];
export const TASK_STATUSES = ["PENDING", "IN_PROGRESS", "COMPLETED", "BLOCKED"] as const satisfies readonly TaskStatus[];
