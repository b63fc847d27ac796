import { describe, expect, it } from "vitest";
import { Kind, valueFromASTUntyped, type FieldDefinitionNode, type ObjectTypeDefinitionNode } from "graphql";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { modelArgs, readArgs, snakeCase } from "../../../src/core/retrievalTool.js";
import { RETRIEVAL_TOOLS, retrievalTools, type ToolResolvers } from "../../../src/retrieveContext/tools/retrievalTools.js";
import { mcpTools } from "../../../src/mcp/tools.js";
import { plannerTools } from "../../../src/retrieveContext/tools/plannerTools.js";
import { BadUserInputError } from "../../../src/errors/errors.js";

const queryFields = new Map<string, FieldDefinitionNode>();
for (const def of loadTypeDefs().document.definitions) {
  if ((def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) && def.name.value === "Query") {
    for (const f of (def as ObjectTypeDefinitionNode).fields ?? []) queryFields.set(f.name.value, f);
  }
}

describe("retrieval tool declarations agree with the SDL", () => {
  it.each(RETRIEVAL_TOOLS.map((t) => [t.field, t] as const))("%s: the same arguments, the same defaults", (field, tool) => {
    const sdl = queryFields.get(field);
    expect(sdl, `Query.${field} is in schema/`).toBeDefined();
    const sdlArgs = new Map((sdl!.arguments ?? []).map((a) => [a.name.value, a]));
    expect(Object.keys(tool.args).sort()).toEqual([...sdlArgs.keys()].sort());
    for (const [name, spec] of Object.entries(tool.args as Record<string, { sdlDefault?: unknown }>)) {
      const node = sdlArgs.get(name)!;
      const sdlDefault = node.defaultValue ? valueFromASTUntyped(node.defaultValue) : undefined;
      expect({ arg: name, default: sdlDefault }).toEqual({ arg: name, default: spec.sdlDefault });
    }
  });

  it("names, deprecated ones included, are unique snake_case, and every loop argument is a declared one", () => {
    const names = RETRIEVAL_TOOLS.flatMap((t) => [t.name, ...(t.loop?.deprecatedNames ?? [])]);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z]+(_[a-z]+)*$/);
    for (const t of RETRIEVAL_TOOLS) {
      if (!t.loop) continue;
      for (const a of t.loop.args ?? []) expect(Object.keys(t.args)).toContain(a);
      expect(Object.keys(modelArgs(t)).every((k) => k === snakeCase(k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())))).toBe(true);
    }
  });

  it("a tool the loop and MCP both offer has one name there, the MCP one; the loop's old names are not offered", () => {
    const resolvers = Object.fromEntries(RETRIEVAL_TOOLS.map((t) => [t.field, async () => null])) as ToolResolvers;
    const loopNames = new Map(retrievalTools(resolvers).map((t, i) => [RETRIEVAL_TOOLS.filter((d) => d.loop)[i]!.field, t.name]));
    const mcpNames = new Map(mcpTools(() => undefined).map((t) => [t.field, t.name]));
    const shared = RETRIEVAL_TOOLS.filter((t) => t.loop && t.agent).map((t) => t.field);
    expect(shared).toEqual(expect.arrayContaining(["searchMemories", "personProfile", "personFacts"]));
    for (const field of shared) expect({ field, loop: loopNames.get(field) }).toEqual({ field, loop: mcpNames.get(field) });
    expect(loopNames.get("searchMemories")).toBe("memory_search");
    expect(loopNames.get("personProfile")).toBe("person_profile");
    expect([...loopNames.values()]).not.toContain("search_memories");
    expect([...loopNames.values()]).not.toContain("get_person_profile");
  });

  it("the deterministic planner finds a tool for every role it uses", () => {
    const tools = plannerTools();
    expect(tools.named.organization.name).toBe("find_people_by_organization");
    expect(tools.between.args).toEqual(["person_a_id", "person_b_id"]);
    expect(tools.snippetsByMeaning).toMatchObject({ name: "memory_search", args: ["query", "limit", "kinds"], limit: 10 });
  });

  it("a declared argument's rule names the field and the limit", () => {
    const skill = RETRIEVAL_TOOLS.find((t) => t.field === "peopleBySkill")!;
    expect(readArgs(skill.field, skill.args, { skill: " Rust " })).toEqual({ skill: "Rust", minConfidence: 0.5, limit: 10 });
    expect(() => readArgs(skill.field, skill.args, { skill: "Rust", limit: 101 })).toThrow(new BadUserInputError("peopleBySkill.limit must be an integer between 1 and 100, got 101", "peopleBySkill.limit"));
  });
});
