import { describe, expect, it } from "vitest";
import { explainOf, statementMemory } from "../../../src/graph/statementMemory.js";

const sent = (text: string, params: unknown = {}) => ({ text, params, database: "neo4j" });

describe("statementMemory", () => {
  it("keeps one entry per distinct text with its latest parameters, most recent first", () => {
    const memory = statementMemory(10);
    memory.watch(sent("MATCH (n) RETURN n", { a: 1 }));
    memory.watch(sent("RETURN 1"));
    memory.watch(sent("MATCH (n) RETURN n", { a: 2 }));
    expect(memory.recent()).toEqual([sent("MATCH (n) RETURN n", { a: 2 }), sent("RETURN 1")]);
  });

  it("forgets the least recently sent statement beyond its capacity", () => {
    const memory = statementMemory(2);
    for (const text of ["RETURN 1", "RETURN 2", "RETURN 1", "RETURN 3"]) memory.watch(sent(text));
    expect(memory.recent().map((s) => s.text)).toEqual(["RETURN 3", "RETURN 1"]);
  });

  it("does not keep empty or very long texts", () => {
    const memory = statementMemory();
    memory.watch(sent(""));
    memory.watch(sent(`RETURN ${"1 + ".repeat(6000)}1`));
    expect(memory.recent()).toEqual([]);
  });
});

describe("explainOf", () => {
  it("puts EXPLAIN in front of the statement, after a leading CYPHER options line", () => {
    expect(explainOf("MATCH (n) RETURN n")).toBe("EXPLAIN MATCH (n) RETURN n");
    expect(explainOf("CYPHER 5\nMATCH (n) RETURN n")).toBe("CYPHER 5\nEXPLAIN MATCH (n) RETURN n");
  });
});
