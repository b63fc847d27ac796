import { describe, expect, it } from "vitest";
import { consolidate } from "../../../src/beliefs/consolidate.js";
import type { ActiveBelief, ExperienceInput } from "../../../src/beliefs/reflectionPlan.js";

const A = [1, 0, 0];
const A2 = [0.97, 0.2, 0];
const B = [0, 1, 0];
const exp = (id: string, outcome: ExperienceInput["outcome"], type = "deploy"): ExperienceInput => ({ id, description: `experience ${id}`, outcome, experienceType: type });
const ids = () => {
  let n = 0;
  return () => `b${++n}`;
};
const belief = (id: string, over: Partial<ActiveBelief> = {}): ActiveBelief => ({ id, content: `belief ${id}`, confidence: 0.5, domains: [], supportCount: 1, polarity: "NEUTRAL", ...over });

describe("consolidate: deterministic reflection", () => {
  it("each cluster of similar experiences becomes one belief whose confidence grows with its support", () => {
    const r = consolidate({ experiences: [exp("e1", "SUCCESS"), exp("e2", "SUCCESS"), exp("e3", null, "ops"), exp("e4", "SUCCESS")], experienceVectors: [A, A2, B, A], beliefs: [], beliefVectors: [], threshold: 0.9, newId: ids() });
    expect(r.formed.map((f) => [f.evidenceIds, f.supportCount, f.confidence, f.polarity])).toEqual([
      [["e1", "e2", "e4"], 3, 0.755, "POSITIVE"],
      [["e3"], 1, 0.5, "NEUTRAL"],
    ]);
    expect(r.formed[0]!.domains).toEqual(["deploy"]);
    expect(r.considered).toEqual(["e1", "e2", "e3", "e4"]);
    expect(r.content).toBe("Consolidated 4 experiences: formed 2 beliefs, reinforced 0, superseded 0, 0 contradictions linked.");
  });

  it("a cluster with both SUCCESS and FAILED splits into two beliefs that contradict each other", () => {
    const r = consolidate({ experiences: [exp("e1", "SUCCESS"), exp("e2", "FAILED"), exp("e3", "SUCCESS"), exp("e4", "PARTIAL")], experienceVectors: [A, A2, A, A2], beliefs: [], beliefVectors: [], threshold: 0.9, newId: ids() });
    const [pos, neg] = r.formed;
    expect(pos).toMatchObject({ polarity: "POSITIVE", evidenceIds: ["e1", "e3", "e4"], supportCount: 3, confidence: 0.566, contradicts: [] });
    expect(neg).toMatchObject({ polarity: "NEGATIVE", evidenceIds: ["e2"], supportCount: 1, confidence: 0.125, contradicts: [pos!.id] });
  });

  it("agreeing with an ACTIVE belief reinforces it in place instead of forming a duplicate", () => {
    const r = consolidate({ experiences: [exp("e1", "SUCCESS"), exp("e2", "SUCCESS")], experienceVectors: [A, A2], beliefs: [belief("old", { supportCount: 2, confidence: 0.65, polarity: "POSITIVE" })], beliefVectors: [A], threshold: 0.9, newId: ids() });
    expect(r.formed).toEqual([]);
    expect(r.reinforced).toEqual([{ beliefId: "old", supportCount: 4, confidence: 0.829, strength: 0.571, evidenceIds: ["e1", "e2"] }]);
  });

  it("disagreeing with a better-supported belief: a new belief that CONTRADICTS it, nothing superseded", () => {
    const r = consolidate({ experiences: [exp("e1", "FAILED")], experienceVectors: [A], beliefs: [belief("old", { supportCount: 3, polarity: "POSITIVE" })], beliefVectors: [A], threshold: 0.9, newId: ids() });
    expect(r.formed).toHaveLength(1);
    expect(r.formed[0]).toMatchObject({ polarity: "NEGATIVE", contradicts: ["old"], supersedes: null, confidence: 0.125 });
  });

  it("evidence that outweighs a belief's support supersedes it (with a reason) and contradicts it", () => {
    const r = consolidate({ experiences: [exp("e1", "FAILED"), exp("e2", "FAILED")], experienceVectors: [A, A2], beliefs: [belief("old", { supportCount: 1, polarity: "POSITIVE" })], beliefVectors: [A], threshold: 0.9, newId: ids() });
    expect(r.formed[0]).toMatchObject({ contradicts: ["old"], supersedes: { beliefId: "old", reason: "2 newer failed experiences outweigh the 1 that supported it" } });
  });

  it("a belief of unknown polarity is never contradicted: it is reinforced", () => {
    const r = consolidate({ experiences: [exp("e1", "FAILED")], experienceVectors: [A], beliefs: [belief("old")], beliefVectors: [A], threshold: 0.9, newId: ids() });
    expect(r.formed).toEqual([]);
    expect(r.reinforced[0]).toMatchObject({ beliefId: "old", supportCount: 2 });
  });

  it("nothing to consider forms nothing", () => {
    const r = consolidate({ experiences: [], experienceVectors: [], beliefs: [belief("old")], beliefVectors: [A], threshold: 0.9, newId: ids() });
    expect(r).toMatchObject({ formed: [], reinforced: [], considered: [] });
  });
});
