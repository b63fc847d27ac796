import { describe, expect, it } from "vitest";
import { factInterval, isValidAt, knownOverlap, partialDate } from "../../../src/facts/factInterval.js";
import { factEmbeddingKey, factText } from "../../../src/facts/factText.js";
import { emptyAttributes, type FactAssertion, type StoredFact } from "../../../src/facts/factTypes.js";
import { conflictingAttributes, mergeAttributes, noisyOr, unionEvidence } from "../../../src/facts/mergeFacts.js";
import { planFacts } from "../../../src/facts/planFacts.js";

const NOW = new Date("2025-10-10T00:00:00Z");
let seq = 0;
const newId = () => `new-${++seq}`;
const obj = (name: string, label = "Org") => ({ key: `k:${name}`, label, name, id: name, isNew: false });
const assertion = (relation: string, object: string, over: Partial<FactAssertion> = {}): FactAssertion => ({
  index: 0, subjectKey: "alice", relation, object: obj(object), attributes: emptyAttributes(), confidence: 0.5, evidence: [],
  validFrom: null, validUntil: null, ...over,
});
const stored = (type: string, object: string, over: Partial<StoredFact> = {}): StoredFact => ({
  factId: `f-${object}`, elementId: `e-${object}`, storedType: type, type, subjectKey: "alice", object: obj(object),
  attributes: emptyAttributes(), confidence: 0.5, evidence: [], validFrom: null, validUntil: null, contradicts: [], createdAt: "2024-01-01T00:00:00Z", ...over,
});

describe("merge rules", () => {
  it("noisy-or combines confidences and never passes 1", () => {
    expect(noisyOr(0.6, 0.6)).toBeCloseTo(0.84);
    expect(noisyOr(1, 0.3)).toBe(1);
    expect(noisyOr(0, 0.3)).toBeCloseTo(0.3);
  });
  it("evidence is united in first-seen order, keeping the newest 200", () => {
    expect(unionEvidence(["a", "b"], ["b", "c"])).toEqual(["a", "b", "c"]);
    const many = unionEvidence(Array.from({ length: 200 }, (_, i) => `o${i}`), ["new"]);
    expect(many).toHaveLength(200);
    expect(many.at(-1)).toBe("new");
    expect(many[0]).toBe("o1");
  });
  it("text attributes conflict when both are set and differ (case aside); merging fills gaps and takes newer numbers", () => {
    const a = { ...emptyAttributes(), role: "Engineer", yearsExperience: 3 };
    expect(conflictingAttributes(a, { ...emptyAttributes(), role: "engineer" })).toEqual([]);
    expect(conflictingAttributes(a, { ...emptyAttributes(), role: "Manager" })).toEqual(['role: "Engineer" vs "Manager"']);
    expect(mergeAttributes(a, { ...emptyAttributes(), location: "SF", yearsExperience: 5, extra: { team: "ads" } })).toMatchObject({
      role: "Engineer", location: "SF", yearsExperience: 5, extra: { team: "ads" },
    });
  });
});

describe("intervals", () => {
  it("partial dates cover their whole period", () => {
    expect(partialDate("2019", "start")).toBe(Date.UTC(2019, 0, 1));
    expect(partialDate("2022", "end")).toBe(Date.UTC(2023, 0, 1));
    expect(partialDate("2022-05", "end")).toBe(Date.UTC(2022, 5, 1));
    expect(partialDate("2022-05-10", "end")).toBe(Date.UTC(2022, 4, 11));
    expect(partialDate("someday", "start")).toBeNull();
  });
  it("validity: validFrom ≤ asOf < validUntil, dates from startDate/endDate when unset", () => {
    const fact = { type: "PREVIOUSLY", startDate: "2019", endDate: "2022" };
    expect(isValidAt(fact, new Date("2020-06-01T00:00:00Z"))).toBe(true);
    expect(isValidAt(fact, new Date("2023-01-01T00:00:00Z"))).toBe(false);
    expect(isValidAt({ type: "WORKS_AT", validFrom: "2023-06-01T00:00:00Z" }, new Date("2023-06-01T00:00:00Z"))).toBe(true);
    expect(factInterval({ type: "PREVIOUSLY", createdAt: "2024-01-01T00:00:00Z" }).until).toBe(Date.UTC(2024, 0, 1));
  });
  it("only known overlaps count", () => {
    expect(knownOverlap({ from: 1, until: 5 }, { from: 4, until: null })).toBe(true);
    expect(knownOverlap({ from: 1, until: 4 }, { from: 4, until: null })).toBe(false);
    expect(knownOverlap({ from: null, until: 5 }, { from: 1, until: null })).toBe(false);
  });
});

describe("planFacts", () => {
  it("merges the same fact asserted again instead of creating one", () => {
    const plan = planFacts([assertion("HAS_SKILL", "Python", { confidence: 0.6, evidence: ["m2"] })], [stored("HAS_SKILL", "Python", { confidence: 0.6, evidence: ["m1"] })], NOW, newId);
    expect(plan.created).toEqual([]);
    expect(plan.merged).toEqual(["f-Python"]);
    expect(plan.facts[0]).toMatchObject({ confidence: expect.closeTo(0.84), evidence: ["m1", "m2"] });
  });
  it("the same evidence read again (an extraction retried) is no second witness: confidence is not raised", () => {
    const again = planFacts([assertion("HAS_SKILL", "Python", { confidence: 0.6, evidence: ["m1"] })], [stored("HAS_SKILL", "Python", { confidence: 0.6, evidence: ["m1"] })], NOW, newId);
    expect(again.merged).toEqual(["f-Python"]);
    expect(again.facts[0]).toMatchObject({ confidence: 0.6, evidence: ["m1"] });
    const surer = planFacts([assertion("HAS_SKILL", "Python", { confidence: 0.9, evidence: ["m1"] })], [stored("HAS_SKILL", "Python", { confidence: 0.6, evidence: ["m1"] })], NOW, newId);
    expect(surer.facts[0]).toMatchObject({ confidence: 0.9 });
    const unsourced = planFacts([assertion("HAS_SKILL", "Python", { confidence: 0.6 })], [stored("HAS_SKILL", "Python", { confidence: 0.6 })], NOW, newId);
    expect(unsourced.facts[0]).toMatchObject({ confidence: expect.closeTo(0.84) });
  });
  it("a new current employer closes the old one as PREVIOUSLY at the new start", () => {
    const plan = planFacts([assertion("WORKS_AT", "Meta", { validFrom: "2024-03-01T00:00:00.000Z" })], [stored("WORKS_AT", "Google")], NOW, newId);
    expect(plan.closed).toEqual(["f-Google"]);
    const old = plan.facts.find((f) => f.factId === "f-Google")!;
    expect(old).toMatchObject({ type: "PREVIOUSLY", storedType: "WORKS_AT", validUntil: "2024-03-01T00:00:00.000Z" });
    expect(old.attributes.endDate).toBe("2024-03-01");
    expect(plan.contradictions).toEqual([]);
  });
  it("a new home closes the old one but it stays LIVES_IN", () => {
    const plan = planFacts([assertion("LIVES_IN", "Berlin")], [stored("LIVES_IN", "Paris")], NOW, newId);
    expect(plan.facts.find((f) => f.factId === "f-Paris")).toMatchObject({ type: "LIVES_IN", validUntil: NOW.toISOString() });
  });
  it("a value claiming to have started before the current one is flagged, both kept", () => {
    const plan = planFacts(
      [assertion("LIVES_IN", "Berlin", { validFrom: "2020-01-01T00:00:00.000Z" })],
      [stored("LIVES_IN", "Paris", { validFrom: "2021-01-01T00:00:00.000Z" })],
      NOW, newId,
    );
    expect(plan.closed).toEqual([]);
    expect(plan.contradictions).toHaveLength(1);
    const [created] = plan.created;
    expect(plan.facts.find((f) => f.factId === "f-Paris")!.contradicts).toEqual([created]);
  });
  it("two different current employers asserted in one call are flagged", () => {
    const plan = planFacts([assertion("WORKS_AT", "Google"), assertion("WORKS_AT", "Meta")], [], NOW, newId);
    expect(plan.created).toHaveLength(2);
    expect(plan.contradictions).toHaveLength(1);
  });
  it("a past job overlapping another known job is flagged; a WORKS_AT that has ended is stored as PREVIOUSLY", () => {
    const plan = planFacts(
      [assertion("WORKS_AT", "Initech", { validFrom: "2018-01-01T00:00:00.000Z", validUntil: "2021-01-01T00:00:00.000Z" })],
      [stored("PREVIOUSLY", "Google", { attributes: { ...emptyAttributes(), startDate: "2019", endDate: "2022" } })],
      NOW, newId,
    );
    expect(plan.facts.find((f) => f.elementId === null)!.type).toBe("PREVIOUSLY");
    expect(plan.contradictions[0]!.reason).toContain("overlaps");
  });
  it("a differing role at the same employer is kept beside the old fact and flagged", () => {
    const plan = planFacts(
      [assertion("WORKS_AT", "Google", { attributes: { ...emptyAttributes(), role: "Manager" } })],
      [stored("WORKS_AT", "Google", { attributes: { ...emptyAttributes(), role: "Engineer" } })],
      NOW, newId,
    );
    expect(plan.created).toHaveLength(1);
    expect(plan.closed).toEqual([]);
    expect(plan.contradictions[0]!.reason).toContain("role");
  });
  it("many-valued relations just add facts", () => {
    const plan = planFacts([assertion("HAS_SKILL", "Go")], [stored("HAS_SKILL", "Python")], NOW, newId);
    expect(plan).toMatchObject({ closed: [], contradictions: [], merged: [] });
    expect(plan.created).toHaveLength(1);
  });
});

describe("factText", () => {
  it("writes the chatbot memory service's fact format", () => {
    expect(factText({ personName: "Alice", type: "WORKS_AT", objectName: "Google", attributes: { role: "Software Engineer", location: "San Francisco", startDate: "2022-01" } })).toBe(
      "Alice WORKS_AT Google. role=Software Engineer, location=San Francisco, start_date=2022-01",
    );
    expect(factText({ personName: "Bob", type: "HAS_SKILL", objectName: "ML", attributes: { yearsExperience: 3, extra: { certified: true } } })).toBe(
      "Bob HAS_SKILL ML. years_experience=3, certified=true",
    );
    expect(factText({ personName: "Dana", type: "LIVES_IN", objectName: "SF", attributes: {} })).toBe("Dana LIVES_IN SF.");
  });
  it("keys change with the text and with the model", () => {
    expect(factEmbeddingKey("m", "a")).not.toBe(factEmbeddingKey("m", "b"));
    expect(factEmbeddingKey("m1", "a")).not.toBe(factEmbeddingKey("m2", "a"));
  });
});

describe("object name keys", () => {
  it("drop a company form at the end, case and everything but letters and digits; keep what tells names apart", async () => {
    const { nameKey } = await import("../../../src/facts/nameKey.js");
    expect(nameKey("Shopify Inc.")).toBe("shopify");
    expect(nameKey("Stripe, LLC")).toBe("stripe");
    expect(nameKey("Hugging-Face")).toBe(nameKey("hugging face"));
    expect(nameKey("São Paulo")).toBe("sãopaulo");
    expect(nameKey("Google Cloud")).not.toBe(nameKey("Google"));
    expect(nameKey("Coinbase")).toBe("coinbase");
  });
});

describe("facts learned from messages said at different times", () => {
  it("a home said later closes one said earlier in the same call at the later message's time, not at the time of the call", () => {
    const lisbon = assertion("LIVES_IN", "Lisbon", { observedAt: "2025-03-05T18:30:00Z" });
    const berlin = assertion("LIVES_IN", "Berlin", { observedAt: "2025-09-12T20:00:00Z" });
    const plan = planFacts([lisbon, berlin], [], NOW, newId);
    expect(plan.contradictions).toEqual([]);
    expect(plan.facts.find((f) => f.object.name === "Lisbon")).toMatchObject({ validUntil: "2025-09-12T20:00:00.000Z" });
    expect(plan.facts.find((f) => f.object.name === "Berlin")).toMatchObject({ validUntil: null });
  });
});

describe("the same fact said again when several match", () => {
  it("merges into the latest to start, whatever order the stored facts come in", () => {
    const early = stored("HAS_SKILL", "Go", { factId: "f-early", validFrom: "2026-01-01T00:00:00.000Z", evidence: ["m1"] });
    const late = stored("HAS_SKILL", "Go", { factId: "f-late", validFrom: "2030-01-01T00:00:00.000Z", evidence: ["m2"] });
    const again = assertion("HAS_SKILL", "Go", { evidence: ["m3"] });
    for (const existing of [[early, late], [late, early]]) {
      expect(planFacts([again], existing, NOW, newId).merged).toEqual(["f-late"]);
    }
    const exact = assertion("HAS_SKILL", "Go", { evidence: ["m4"], validFrom: "2026-01-01T00:00:00.000Z" });
    expect(planFacts([exact], [late, early], NOW, newId).merged).toEqual(["f-early"]);
  });
});
