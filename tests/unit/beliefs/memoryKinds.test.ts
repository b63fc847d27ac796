import { describe, expect, it } from "vitest";
import { CREATE_STATEMENT, MEMORY_KINDS, STORED_AS, headline } from "../../../src/beliefs/memoryKinds.js";
import { isKnowledgeLabel } from "../../../src/knowledge/knowledgeTypes.js";

describe("memoryStore's kinds", () => {
  it("the headline is the first non-empty line, trimmed, cut to 500 characters with an ellipsis", () => {
    expect(headline("\n  \n  Async patterns  \nbody")).toBe("Async patterns");
    expect(headline("one line")).toBe("one line");
    const long = "x".repeat(600);
    expect(headline(long)).toHaveLength(500);
    expect(headline(long).endsWith("…")).toBe(true);
  });

  it("every kind but EXPERIENCE is stored as a Knowledge type, with a statement of its own that records the writer's activity and links it as CREATED", () => {
    for (const kind of MEMORY_KINDS) {
      expect(isKnowledgeLabel(STORED_AS[kind])).toBe(kind !== "EXPERIENCE");
      expect(CREATE_STATEMENT[kind]).toContain(`CREATE (k:${STORED_AS[kind]} {`);
      expect(CREATE_STATEMENT[kind]).toContain("SET me.lastActiveAt = datetime($at)");
      expect(CREATE_STATEMENT[kind]).toContain("CASE WHEN k:Experience THEN [] ELSE [1] END | MERGE (me)-[:CREATED]->(k)");
    }
  });
});
