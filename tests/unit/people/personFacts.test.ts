import { describe, expect, it, vi } from "vitest";
import { Kind, type ObjectTypeDefinitionNode } from "graphql";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { retrievalTools, type ToolResolvers } from "../../../src/retrieveContext/tools/retrievalTools.js";
import { RETRIEVAL_TOOLS } from "../../../src/retrieveContext/tools/retrievalTools.js";
import { mcpTools } from "../../../src/mcp/tools.js";
import type { RequestContext } from "../../../src/core/requestContext.js";
import { request } from "../retrieveContext/fixtures.js";

/**
 * person_facts, the tool added by one declaration (src/people/tools.ts, with
 * its SDL field): it is a GraphQL field, a tool of the retrieveContext loop
 * and an MCP tool, with nothing else written for it. What it returns is
 * tested against a database in tests/integration/tools/personFacts.test.ts.
 */
describe("person_facts: one declaration, three doors", () => {
  it("is Query.personFacts, its arguments described in the SDL", () => {
    const field = loadTypeDefs()
      .document.definitions.filter((d): d is ObjectTypeDefinitionNode => (d.kind === Kind.OBJECT_TYPE_DEFINITION || d.kind === Kind.OBJECT_TYPE_EXTENSION) && d.name.value === "Query")
      .flatMap((d) => d.fields ?? [])
      .find((f) => f.name.value === "personFacts");
    expect(field?.arguments?.map((a) => [a.name.value, Boolean(a.description?.value)])).toEqual([
      ["personId", true],
      ["factTypes", true],
      ["minConfidence", true],
      ["limit", true],
    ]);
    expect(RETRIEVAL_TOOLS.find((t) => t.field === "personFacts")).toBeDefined();
  });

  it("is a loop tool: the model's snake_case arguments reach the field's resolver", async () => {
    const resolvers = Object.fromEntries(RETRIEVAL_TOOLS.map((t) => [t.field, vi.fn(async () => ({ from: t.field }))])) as unknown as ToolResolvers;
    const tool = retrievalTools(resolvers).find((t) => t.name === "person_facts")!;
    expect(Object.keys(tool.input.parse({ person_id: "p1", min_confidence: 0.9, limit: 3 }))).toEqual(["person_id", "min_confidence", "limit"]);
    expect(() => tool.input.parse({ person_id: "p1", min_confidence: 2 })).toThrow();
    const ctx = { marker: "ctx" } as unknown as RequestContext;
    expect(await tool.run({ person_id: "p1", min_confidence: 0.9, limit: 3 }, { ctx, request: request() })).toEqual({ from: "personFacts" });
    expect(resolvers.personFacts).toHaveBeenCalledWith(null, { personId: "p1", factTypes: undefined, minConfidence: 0.9, limit: 3 }, ctx);
  });

  it("is an MCP tool: read-only, its input from the SDL's arguments, its operation generated from the field", () => {
    const tool = mcpTools(() => undefined).find((t) => t.name === "person_facts")!;
    expect(tool.hints).toEqual({ readOnly: true, destructive: false, idempotent: true });
    expect(Object.keys(tool.input)).toEqual(["person_id", "fact_types", "min_confidence", "limit"]);
    expect((tool.input.min_confidence as { description?: string }).description).toBe("Leave out facts held with less confidence, 0..1.");
    expect(tool.variables({ person_id: "p1", min_confidence: 0.9 })).toEqual({ personId: "p1", minConfidence: 0.9 });
    expect(tool.document).toMatch(/^query PersonFacts\(\$personId: ID!, \$factTypes: \[String!\], \$minConfidence: Float, \$limit: Int\) \{ personFacts\(.*\{ personId found name .*facts \{ id type /);
    expect(tool.render({ found: true, name: "Alice", personId: "p1", facts: [{ type: "WORKS_AT", object: "Google", confidence: 0.95 }] })).toBe("Alice (p1)\n- WORKS_AT Google (confidence 0.95)");
  });
});
