import { seededRandom } from "../../../bench/support/seededRandom.js";
import type { ContextMemory, MemoryType } from "../../../src/memory/context/contextMemory.js";

/** A deterministic PRNG: the "random" memories are the same on every run. */
export const seeded = seededRandom;

export const NOW = new Date("2024-02-01T12:00:00Z");
const TYPES: MemoryType[] = ["INSIGHT", "LEARNING", "INTERACTION", "OBSERVATION"];
const WORDS = ["queue", "bottleneck", "load", "Möngke", "deploy", "retry", "backoff", "誤り", "🚀", "async", "batching", "throughput", "alice", "x".repeat(40), "T-123", "\n", "naïve"];

/** One memory with sensible defaults. */
export function memory(over: Partial<ContextMemory> & { id: string }): ContextMemory {
  return {
    type: "OBSERVATION",
    content: `memory ${over.id}`,
    importance: 0.5,
    confidence: 1,
    tags: [],
    participants: [],
    involvedAgents: [],
    conversationId: null,
    taskId: null,
    occurredAt: null,
    createdAt: NOW,
    ...over,
  };
}

/** `count` memories of random types, lengths (up to ~2000 characters, multilingual), ages and importance. */
export function randomMemories(count: number, seed: number): ContextMemory[] {
  const rand = seeded(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 1 + Math.floor(rand() ** 3 * 300) }, () => pick(WORDS));
    return memory({
      id: `${i.toString(16).padStart(8, "0")}-0000-4000-8000-${Math.floor(rand() * 1e12).toString(16).padStart(12, "0")}`,
      type: pick(TYPES),
      content: words.join(" "),
      importance: Math.round(rand() * 100) / 100,
      confidence: Math.round(rand() * 100) / 100,
      tags: rand() < 0.5 ? [pick(WORDS)] : [],
      createdAt: new Date(NOW.getTime() - rand() * 200 * 86_400_000),
    });
  });
}
