import { memoryDate, type ContextMemory } from "./contextMemory.js";

/** What the memories are wanted for; every part is optional. */
export interface RelevanceQuery {
  /** Words of the topic; matched against tags (fully) and content words (half). */
  topicTerms: readonly string[];
  /** Agent ids or names, people's names or ids; case-insensitive. */
  participants: readonly string[];
  conversationId: string | null;
  now: Date;
}

/** Weights of the relevance formula; they sum to 1, so a score is in 0..1. */
export const RELEVANCE_WEIGHTS = {
  importance: 0.35,
  recency: 0.25,
  participants: 0.15,
  topic: 0.15,
  conversation: 0.1,
} as const;

/** Days after which a memory counts half as recent (the Discord agent squad: "older than 30 days are less relevant"). */
export const RECENCY_HALF_DAYS = 30;

const DAY_MS = 86_400_000;

/** 1 today, 0.5 at 30 days, 0.25 at 90: smooth, never zero. A memory dated in the future counts as today. */
export function recencyOf(date: Date, now: Date): number {
  const days = Math.max(0, (now.getTime() - date.getTime()) / DAY_MS);
  return 1 / (1 + days / RECENCY_HALF_DAYS);
}

/** Lower-cased words of a text (letters and digits), for topic matching. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu) ?? [];
}

/** Share of the topic terms the memory matches: a tag counts 1, a word of the content 0.5. */
export function topicMatch(memory: Pick<ContextMemory, "tags" | "content">, terms: readonly string[]): number {
  if (terms.length === 0) return 0;
  const tags = new Set(memory.tags.map((t) => t.toLowerCase()));
  const words = new Set(wordsOf(memory.content));
  const total = terms.reduce((sum, term) => sum + (tags.has(term) ? 1 : words.has(term) ? 0.5 : 0), 0);
  return total / terms.length;
}

/** 1 when the memory involves any of the participants (INVOLVES agent id or name, or `participants`). */
export function participantMatch(memory: Pick<ContextMemory, "participants" | "involvedAgents">, participants: readonly string[]): number {
  if (participants.length === 0) return 0;
  const wanted = new Set(participants.map((p) => p.toLowerCase()));
  const names = [...memory.participants, ...memory.involvedAgents.flatMap((a) => [a.id, a.name])];
  return names.some((n) => wanted.has(n.toLowerCase())) ? 1 : 0;
}

/**
 * Relevance of a memory, 0..1: the weighted sum of importance, recency,
 * participant match, topic match and conversation match, scaled by
 * confidence (a memory the agent doubts counts up to half less). Pure.
 */
export function relevanceOf(memory: ContextMemory, query: RelevanceQuery): number {
  const w = RELEVANCE_WEIGHTS;
  const sum =
    w.importance * memory.importance +
    w.recency * recencyOf(memoryDate(memory), query.now) +
    w.participants * participantMatch(memory, query.participants) +
    w.topic * topicMatch(memory, query.topicTerms) +
    w.conversation * (query.conversationId !== null && memory.conversationId === query.conversationId ? 1 : 0);
  return sum * (0.5 + 0.5 * memory.confidence);
}

/** Memories with their relevance, most relevant first; ties: newer first, then by id (deterministic). */
export function rankMemories<M extends ContextMemory>(memories: readonly M[], query: RelevanceQuery): (M & { relevance: number })[] {
  return memories
    .map((m) => ({ ...m, relevance: relevanceOf(m, query) }))
    .sort((a, b) => b.relevance - a.relevance || memoryDate(b).getTime() - memoryDate(a).getTime() || a.id.localeCompare(b.id));
}
