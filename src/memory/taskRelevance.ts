import { memoryDate } from "./context/contextMemory.js";
import { recencyOf } from "./context/relevance.js";
import type { StoredMemory } from "./memoryRecord.js";

/** A memory found for a task, with its BM25 score (0 when only its tags matched). */
export interface TaskHit {
  memory: StoredMemory;
  textScore: number;
}

/**
 * Weights of the task relevance formula (sum 1, so relevance is in 0..1). Tags
 * weigh as much as text: the Discord agent squad's tool is tag-based, and BM25 with the
 * index's no-stop-words analyzer rewards words like "the".
 */
export const TASK_WEIGHTS = { text: 0.35, tags: 0.35, importance: 0.2, recency: 0.1 } as const;

/**
 * Ranks memories for a task: full-text score normalised by the best one,
 * share of the task's tags the memory carries, importance, recency. Pure.
 */
export function rankForTask(hits: readonly TaskHit[], taskTags: readonly string[], now: Date): (StoredMemory & { relevance: number })[] {
  const best = Math.max(0, ...hits.map((h) => h.textScore));
  const wanted = new Set(taskTags.map((t) => t.toLowerCase()));
  const w = TASK_WEIGHTS;
  return hits
    .map(({ memory, textScore }) => {
      const tagShare = wanted.size === 0 ? 0 : memory.tags.filter((t) => wanted.has(t.toLowerCase())).length / wanted.size;
      const relevance =
        w.text * (best > 0 ? textScore / best : 0) + w.tags * Math.min(1, tagShare) + w.importance * memory.importance + w.recency * recencyOf(memoryDate(memory), now);
      return { ...memory, relevance };
    })
    .sort((a, b) => b.relevance - a.relevance || a.id.localeCompare(b.id));
}
