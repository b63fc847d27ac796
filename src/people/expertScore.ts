import { factInterval, isCurrent } from "../facts/index.js";
import type { FactRow } from "../facts/index.js";

/** How much a fact of each type says about expertise: a skill most, curiosity least. */
export const EXPERTISE_WEIGHT: Readonly<Record<string, number>> = {
  HAS_SKILL: 1,
  WORKING_ON: 0.9,
  WORKS_AT: 0.8,
  STUDIED_AT: 0.7,
  PREVIOUSLY: 0.7,
  TALKS_ABOUT: 0.6,
  CARES_ABOUT: 0.5,
  CURIOUS_ABOUT: 0.3,
};

/** Below this cosine a fact is not about the query at all (measured with bge-small: unrelated pairs score 0.35–0.55). */
export const EXPERT_MIN_SIMILARITY = 0.6;
/** Years after which an ended fact counts half. */
const HALF_LIFE_YEARS = 2;
const YEAR_MS = 365.25 * 24 * 3600 * 1000;

export interface ScoredFact {
  row: FactRow;
  similarity: number;
  /** This fact's share of the person's relevance, 0..1. */
  score: number;
}

export interface ExpertScore {
  personId: string;
  name: string;
  relevanceScore: number;
  facts: ScoredFact[];
}

/** Recent facts count more: current ones fully, ended ones halving every two years since they ended. Pure. */
export function recency(row: FactRow, now: Date): number {
  if (isCurrent(row, now)) return 1;
  const { until } = factInterval(row);
  if (until === null) return 0.5;
  return 0.5 ** (Math.max(0, now.getTime() - until) / YEAR_MS / HALF_LIFE_YEARS);
}

/**
 * Ranks people by the facts found for a query. Each fact scores how far its
 * similarity is above the floor × its confidence × its recency × its type's
 * weight; a person's relevance combines their facts by noisy-or, so several
 * pieces of evidence add up without passing 1. Pure.
 */
export function rankExperts(hits: readonly { row: FactRow; similarity: number }[], now: Date): ExpertScore[] {
  const byPerson = new Map<string, ExpertScore>();
  for (const { row, similarity } of hits) {
    const closeness = Math.max(0, (similarity - EXPERT_MIN_SIMILARITY) / (1 - EXPERT_MIN_SIMILARITY));
    const score = Math.min(1, (0.5 + 0.5 * closeness) * Number(row.confidence ?? 0) * recency(row, now) * (EXPERTISE_WEIGHT[row.type] ?? 0.5));
    const entry = byPerson.get(row.personId) ?? { personId: row.personId, name: row.personName, relevanceScore: 0, facts: [] };
    if (entry.facts.some((f) => f.row.id === row.id)) continue;
    entry.facts.push({ row, similarity, score });
    entry.relevanceScore = 1 - (1 - entry.relevanceScore) * (1 - score);
    byPerson.set(row.personId, entry);
  }
  for (const e of byPerson.values()) e.facts.sort((a, b) => b.score - a.score);
  return [...byPerson.values()].sort((a, b) => b.relevanceScore - a.relevanceScore);
}
