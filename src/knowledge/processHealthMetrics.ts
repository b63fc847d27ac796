import type { TaskType } from "../generated/resolvers-types.js";
/** Counts of one task type over a window, as Cypher aggregates them. */
export interface TaskTypeCounts {
  taskType: TaskType;
  total: number;
  completed: number;
  blocked: number;
  successes: number;
  qualitySum: number;
  qualityCount: number;
}

export interface ProcessHealth {
  taskType: TaskType;
  total: number;
  completed: number;
  blocked: number;
  successes: number;
  /** successes / total, as the agent team defines it (a task still open counts as not a success). */
  successRate: number;
  /** Mean qualityScore over the tasks that have one; null when none has. */
  avgQuality: number | null;
}

/** The agent team's process health metrics from per-type counts, by task type name. Pure. */
export function processHealthMetrics(counts: readonly TaskTypeCounts[]): ProcessHealth[] {
  return counts
    .filter((c) => c.total > 0)
    .map(({ qualitySum, qualityCount, ...c }) => ({
      ...c,
      successRate: c.successes / c.total,
      avgQuality: qualityCount > 0 ? qualitySum / qualityCount : null,
    }))
    .sort((a, b) => a.taskType.localeCompare(b.taskType));
}
