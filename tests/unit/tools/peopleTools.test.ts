import { describe, expect, it } from "vitest";
import type { FactRow } from "../../../src/facts/factRecord.js";
import { rankExperts, recency } from "../../../src/people/expertScore.js";
import { findImplicitPhrases, findMentions, nameCandidates } from "../../../src/people/findMentions.js";
import { exactPhrases, fuzzyLucene } from "../../../src/people/matchEntities.js";
import { placeNames } from "../../../src/people/placeNames.js";

const NOW = new Date("2025-10-10T00:00:00Z");
const row = (over: Partial<FactRow>): FactRow => ({
  id: "f", elementId: "e", type: "HAS_SKILL", personId: "alice", personName: "Alice", personKey: "pk", object: "Python", objectId: "o", objectKey: "ok",
  objectLabel: "Skill", role: null, location: null, startDate: null, endDate: null, proficiency: null, yearsExperience: null, sentiment: null,
  basis: null, weight: null, extra: null, confidence: 0.9, evidence: [], validFrom: null, validUntil: null, createdAt: null, contradicts: [], hasFactId: true,
  source: null, retractedAt: null, retractedBy: null, retractReason: null,
  ...over,
});

describe("place names", () => {
  it("expand common abbreviations", () => {
    expect(placeNames("SF")).toEqual(["sf", "san francisco"]);
    expect(placeNames("N.Y.C.")).toContain("new york city");
    expect(placeNames("Lisbon")).toEqual(["lisbon"]);
  });
});

describe("fuzzyLucene", () => {
  it("requires every word, as itself, a prefix or one edit away, escaped", () => {
    expect(fuzzyLucene("Pyhton")).toBe("+(pyhton pyhton* pyhton~1)");
    expect(fuzzyLucene("SF")).toBe("+(sf)");
    // `*:*` has no word in it and is dropped; the rest is escaped.
    expect(fuzzyLucene('*:* OR (x"')).toBe('+(or) +(\\(x\\" \\(x\\"*)');
  });
});

describe("exactPhrases", () => {
  it("quotes each name as an escaped phrase, so Lucene syntax in a name is searched as words", () => {
    expect(exactPhrases(["google", "san francisco"])).toBe('"google" "san francisco"');
    expect(exactPhrases(['c++', 'say "hi" OR bye'])).toBe('"c\\+\\+" "say \\"hi\\" or bye"');
  });
  it("gives up (the caller scans instead) on a name without a letter or digit, no names, or too many", () => {
    expect(exactPhrases(["google", "+++"])).toBeNull();
    expect(exactPhrases([""])).toBeNull();
    expect(exactPhrases([])).toBeNull();
    expect(exactPhrases(Array.from({ length: 201 }, (_, i) => `n${i}`))).toBeNull();
    expect(exactPhrases(Array.from({ length: 200 }, (_, i) => `n${i}`))).not.toBeNull();
  });
});

describe("mentions", () => {
  const people = [{ id: "c", name: "Charlie", names: ["Charlie", "Chuck"] }, { id: "a", name: "Al", names: ["Al"] }];
  it("finds whole-word names and aliases with the message index", () => {
    expect(findMentions(["hi", "Didn't chuck work there?", "Alice and Albert"], people)).toEqual([
      { name: "chuck", personId: "c", personName: "Charlie", mentionedInMessage: 1 },
    ]);
  });
  it("offers 1-3 word candidates without punctuation", () => {
    expect(nameCandidates(["Ask Mary Jane's brother!"])).toEqual(expect.arrayContaining(["mary", "mary jane", "ask mary jane", "brother"]));
  });
  it("finds implicit references and the relationships that could hold them", () => {
    expect(findImplicitPhrases(["x", "My brother and our manager"])).toEqual([
      { reference: "My brother", word: "brother", types: ["RELATED_TO", "CLOSE_TO"], mentionedInMessage: 1 },
      { reference: "our manager", word: "manager", types: ["INTERACTED_WITH", "CLOSE_TO"], mentionedInMessage: 1 },
    ]);
  });
});

describe("expert ranking", () => {
  it("weighs recent facts higher: current fully, ended ones halving every two years", () => {
    expect(recency(row({}), NOW)).toBe(1);
    expect(recency(row({ type: "PREVIOUSLY", validUntil: "2023-10-10T00:00:00Z" }), NOW)).toBeCloseTo(0.5, 2);
  });
  it("adds up evidence per person by noisy-or and ranks by it", () => {
    const ranked = rankExperts(
      [
        { row: row({ id: "1", personId: "bob", personName: "Bob", type: "TALKS_ABOUT" }), similarity: 0.7 },
        { row: row({ id: "2" }), similarity: 0.75 },
        { row: row({ id: "3", type: "WORKING_ON" }), similarity: 0.7 },
      ],
      NOW,
    );
    expect(ranked.map((e) => e.personId)).toEqual(["alice", "bob"]);
    expect(ranked[0]!.relevanceScore).toBeLessThanOrEqual(1);
    expect(ranked[0]!.facts.map((f) => f.row.id)).toEqual(["2", "3"]);
  });
});
