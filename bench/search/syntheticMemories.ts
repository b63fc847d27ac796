import { seededRandom } from "../support/seededRandom.js";

/**
 * Deterministic synthetic memories for load benchmarks: sentences built from
 * word lists with a seeded generator, so every run stores the same corpus and
 * the texts (and their vectors) are varied like an agent's notes, not copies.
 */
const SUBJECTS = ["The deploy pipeline", "Our message queue", "The billing service", "Alice", "Bob", "The search index", "Kublai", "The on-call rotation", "The cache layer", "Customer support", "The mobile app", "The data warehouse", "Möngke", "The auth gateway", "The nightly backup", "Chagatai", "The CI runners", "The payment provider", "Our largest customer", "The recommendation model", "The staging cluster", "Jochi", "The design team", "The API rate limiter", "Ögedei"];
const VERBS = ["slowed down", "recovered quickly", "failed twice", "needed a restart", "was migrated", "doubled its throughput", "ran out of memory", "got a new owner", "was rewritten", "started timing out", "was praised", "missed its deadline", "leaked connections", "was rolled back", "passed the audit", "was load tested", "lost some events", "was scaled out", "changed its schema", "broke the build"];
const OBJECTS = ["after the Tuesday release", "during the product launch", "under peak traffic", "when the database failed over", "because of a missing index", "after the config change", "during the quarterly review", "while Bob was on holiday", "because a certificate expired", "after we enabled batching", "in the Frankfurt region", "because retries were not capped", "after the dependency upgrade", "during the hackathon", "because of a memory leak", "after the team offsite", "when the queue backed up", "during the security drill", "after the pricing change", "in the early morning batch"];
const LESSONS = ["", " Lesson: add an alert for it.", " We should write a runbook.", " Exponential backoff helped.", " Nobody noticed for hours.", " The fix took ten minutes.", " It cost us a customer.", " Monitoring caught it early.", " We need a better rollback plan.", " The dashboard was misleading."];
const TYPES = ["OBSERVATION", "LEARNING", "INSIGHT", "INTERACTION"] as const;

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

export interface SyntheticMemory {
  type: (typeof TYPES)[number];
  content: string;
  importance: number;
  tags: string[];
  occurredAt: string;
}

/** Memories `from` .. `from + count - 1` of the corpus (the same index always gives the same memory). */
export function syntheticMemories(from: number, count: number): SyntheticMemory[] {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    const random = seededRandom(i * 7919 + 17);
    const content = `${pick(random, SUBJECTS)} ${pick(random, VERBS)} ${pick(random, OBJECTS)}.${pick(random, LESSONS)} (note ${i})`;
    return {
      type: pick(random, TYPES),
      content,
      importance: Math.round(random() * 100) / 100,
      tags: [pick(random, ["ops", "product", "team", "security", "data"])],
      occurredAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 320 * 86_400_000)).toISOString(),
    };
  });
}

/** Search queries in the words an agent would use. */
export function syntheticQueries(count: number): string[] {
  const random = seededRandom(424242);
  const templates = [
    (s: string, o: string) => `What happened to ${s.toLowerCase()} ${o}?`,
    (s: string) => `Why did ${s.toLowerCase()} fail?`,
    (_s: string, o: string) => `problems ${o}`,
    (s: string) => `lessons learned about ${s.toLowerCase()}`,
  ];
  return Array.from({ length: count }, () => pick(random, templates)(pick(random, SUBJECTS), pick(random, OBJECTS)));
}
