import { describe, expect, it } from "vitest";
import { participantMatch, rankMemories, recencyOf, relevanceOf, topicMatch, wordsOf } from "../../../src/memory/context/relevance.js";
import { memory, NOW } from "./fixtures.js";

const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);
const q = (over: Partial<Parameters<typeof relevanceOf>[1]> = {}) => ({ topicTerms: [], participants: [], conversationId: null, now: NOW, ...over });

describe("relevance of a memory", () => {
  it("recency halves at 30 days and keeps falling (the Discord squad's notes: older than 30 days is less relevant)", () => {
    expect(recencyOf(NOW, NOW)).toBe(1);
    expect(recencyOf(daysAgo(30), NOW)).toBeCloseTo(0.5);
    expect(recencyOf(daysAgo(90), NOW)).toBeCloseTo(0.25);
    expect(recencyOf(new Date(NOW.getTime() + 86_400_000), NOW)).toBe(1);
  });

  it("a topic term counts fully in the tags and half in the content, case-insensitively", () => {
    const m = memory({ id: "m", tags: ["Operations"], content: "The queue is slow" });
    expect(topicMatch(m, ["operations"])).toBe(1);
    expect(topicMatch(m, ["queue"])).toBe(0.5);
    expect(topicMatch(m, ["operations", "security"])).toBe(0.5);
    expect(topicMatch(m, [])).toBe(0);
  });

  it("participants match INVOLVES agents by id or name and the participants list, case-insensitively", () => {
    const m = memory({ id: "m", participants: ["alice"], involvedAgents: [{ id: "mongke", name: "Möngke" }] });
    expect(participantMatch(m, ["MÖNGKE"])).toBe(1);
    expect(participantMatch(m, ["mongke"])).toBe(1);
    expect(participantMatch(m, ["Alice"])).toBe(1);
    expect(participantMatch(m, ["bob"])).toBe(0);
  });

  it("more important, more recent, on topic, with the participants and in the conversation each rank higher", () => {
    const base = memory({ id: "base", importance: 0.5, createdAt: daysAgo(10) });
    const query = q({ topicTerms: ["queue"], participants: ["mongke"], conversationId: "c1" });
    const better = [
      { ...base, id: "important", importance: 0.9 },
      { ...base, id: "recent", createdAt: daysAgo(1) },
      { ...base, id: "topic", tags: ["queue"] },
      { ...base, id: "participant", involvedAgents: [{ id: "mongke", name: "Möngke" }] },
      { ...base, id: "conversation", conversationId: "c1" },
    ];
    for (const m of better) expect(relevanceOf(m, query), m.id).toBeGreaterThan(relevanceOf(base, query));
  });

  it("a memory older than 30 days ranks below an equally important recent one", () => {
    const ranked = rankMemories([memory({ id: "old", createdAt: daysAgo(45) }), memory({ id: "new", createdAt: daysAgo(2) })], q());
    expect(ranked.map((m) => m.id)).toEqual(["new", "old"]);
  });

  it("occurredAt, when set, dates the memory instead of createdAt", () => {
    const happenedLongAgo = memory({ id: "a", occurredAt: daysAgo(100), createdAt: NOW });
    expect(relevanceOf(happenedLongAgo, q())).toBeLessThan(relevanceOf(memory({ id: "b" }), q()));
  });

  it("scores stay within 0..1 and low confidence lowers them", () => {
    const top = memory({ id: "t", importance: 1, tags: ["x"], conversationId: "c", participants: ["p"] });
    const query = q({ topicTerms: ["x"], participants: ["p"], conversationId: "c" });
    expect(relevanceOf(top, query)).toBeCloseTo(1);
    expect(relevanceOf({ ...top, confidence: 0 }, query)).toBeCloseTo(0.5);
  });

  it("ties are broken by date, then id, so the order is deterministic", () => {
    const ranked = rankMemories([memory({ id: "b" }), memory({ id: "a" })], q());
    expect(ranked.map((m) => m.id)).toEqual(["a", "b"]);
  });

  it("topic words are lower-cased letters and digits in any script", () => {
    expect(wordsOf("Queue LOAD, T-123 naïve 誤り!")).toEqual(["queue", "load", "t-123", "naïve", "誤り"]);
  });
});
