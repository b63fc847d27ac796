import type { TaskStatus, TaskType } from "../generated/resolvers-types.js";

/*
 * The enums of schema/tasks.graphql as values, for the code that reads stored
 * tasks back (Row.oneOf refuses anything else): the agent's task context and
 * the heartbeat's checklist. tests/unit/schema/storedEnums.test.ts holds each
 * list equal to its SDL enum.
 */
export const TASK_TYPES = ["RESEARCH", "WRITING", "APPLICATION", "ORCHESTRATION", "ANALYSIS", "OPS"] as const satisfies readonly TaskType[];
export const TASK_STATUSES = ["PENDING", "IN_PROGRESS", "COMPLETED", "BLOCKED"] as const satisfies readonly TaskStatus[];
