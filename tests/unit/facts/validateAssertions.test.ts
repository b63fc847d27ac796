import { describe, expect, it } from "vitest";
import { BadUserInputError } from "../../../src/errors/errors.js";
import { factRelations } from "../../../src/facts/factRelations.js";
import { factIndexes } from "../../../src/facts/factIndexes.js";
import { migrationsFor } from "../../../src/app/migrations.js";
import { validateAssertions } from "../../../src/facts/validateAssertions.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

const { document } = loadTypeDefs();
const TYPES = factRelations(document).map((r) => r.type);
const good = { subject: "alice", relation: "works_at", object: "Google", confidence: 0.9 };

function fieldOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(BadUserInputError);
    return (err as BadUserInputError).extensions.field as string;
  }
  return undefined;
}

describe("fact relations from the SDL", () => {
  it("are Person's Fact relationships with their target labels", () => {
    expect(factRelations(document)).toEqual(expect.arrayContaining([{ type: "WORKS_AT", target: "Org" }, { type: "LIVES_IN", target: "Place" }, { type: "CLOSE_TO", target: "Person" }]));
    expect(TYPES).toHaveLength(13);
  });
  it("give one relationship vector index each, included in the migrations", () => {
    const indexes = factIndexes(document);
    expect(indexes[0]!.cypher).toBe(
      "CREATE VECTOR INDEX fact_works_at_embedding IF NOT EXISTS FOR ()-[r:WORKS_AT]-() ON r.embedding OPTIONS { indexConfig: { `vector.dimensions`: 384, `vector.similarity_function`: 'cosine' } }",
    );
    expect(migrationsFor(document).map((m) => m.name)).toEqual(expect.arrayContaining(indexes.map((i) => i.name)));
  });
});

describe("validateAssertions", () => {
  it("normalises a good assertion", () => {
    expect(validateAssertions([{ ...good, evidence: ["m1"], attributes: { extra: '{"team":"ads"}' } }], TYPES)[0]).toMatchObject({
      relation: "WORKS_AT", evidence: ["m1"], attributes: { extra: { team: "ads" } }, validFrom: null,
    });
  });
  it.each([
    [{ subject: "" }, "assertFacts.facts[0].subject"],
    [{ object: "x".repeat(201) }, "assertFacts.facts[0].object"],
    [{ confidence: 1.5 }, "assertFacts.facts[0].confidence"],
    [{ confidence: Number.NaN }, "assertFacts.facts[0].confidence"],
    [{ relation: "LOVES" }, "assertFacts.facts[0].relation"],
    [{ evidence: Array.from({ length: 201 }, (_, i) => `m${i}`) }, "assertFacts.facts[0].evidence"],
    [{ evidence: [""] }, "assertFacts.facts[0].evidence[0]"],
    [{ attributes: { yearsExperience: 101 } }, "assertFacts.facts[0].attributes.yearsExperience"],
    [{ attributes: { extra: "not json" } }, "assertFacts.facts[0].attributes.extra"],
    [{ validFrom: "2022-01-01", validUntil: "2021-01-01" }, "assertFacts.facts[0].validUntil"],
  ])("refuses %j naming %s", (change, field) => {
    expect(fieldOf(() => validateAssertions([{ ...good, ...change }], TYPES))).toBe(field);
  });
  it("refuses an empty list and one over 100", () => {
    expect(fieldOf(() => validateAssertions([], TYPES))).toBe("assertFacts.facts");
    expect(fieldOf(() => validateAssertions(Array.from({ length: 101 }, () => good), TYPES))).toBe("assertFacts.facts");
  });
});
