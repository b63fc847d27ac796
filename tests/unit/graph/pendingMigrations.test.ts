import { describe, expect, it } from "vitest";
import type { Migration } from "../../../src/graph/migrations/migration.js";
import { pendingMigrations } from "../../../src/graph/migrations/pendingMigrations.js";

const index: Migration = { name: "memory_created", cypher: "CREATE INDEX memory_created IF NOT EXISTS FOR (n:Memory) ON (n.createdAt)" };
const fulltext: Migration = { name: "memory_content", fulltext: { analyzer: "english", eventuallyConsistent: true }, cypher: "CREATE FULLTEXT INDEX memory_content IF NOT EXISTS …" };
const fill: Migration = { name: "channel_learn_facts_default", data: true, cypher: "MATCH (c:Channel) WHERE c.learnFacts IS NULL …" };
const drop: Migration = { name: "memory_keys_dropped", drop: true, cypher: "DROP INDEX memory_keys IF EXISTS" };

describe("pendingMigrations", () => {
  it("sends every statement to an empty database", () => {
    expect(pendingMigrations([index, fulltext, fill, drop], [])).toEqual({ run: [index, fulltext, fill, drop], rebuild: [] });
  });

  it("leaves out the schema statements whose names the database has, but always runs data fills and drops", () => {
    const existing = [
      { name: "memory_created", fulltext: null },
      { name: "memory_content", fulltext: { analyzer: "english", eventuallyConsistent: true } },
      { name: "channel_learn_facts_default", fulltext: null },
      { name: "memory_keys_dropped", fulltext: null },
    ];
    expect(pendingMigrations([index, fulltext, fill, drop], existing)).toEqual({ run: [fill, drop], rebuild: [] });
  });

  it("drops and creates again a full-text index built with another analyzer", () => {
    expect(pendingMigrations([fulltext], [{ name: "memory_content", fulltext: { analyzer: "standard-analyzer", eventuallyConsistent: true } }])).toEqual({ run: [fulltext], rebuild: ["memory_content"] });
  });

  it("drops and creates again a full-text index an earlier version made consistent at each commit", () => {
    expect(pendingMigrations([fulltext], [{ name: "memory_content", fulltext: { analyzer: "english", eventuallyConsistent: false } }])).toEqual({ run: [fulltext], rebuild: ["memory_content"] });
  });
});
