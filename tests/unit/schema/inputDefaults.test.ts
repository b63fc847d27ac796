import { buildSchema, print, type GraphQLInputObjectType, type GraphQLInputType } from "graphql";
import { describe, expect, it } from "vitest";
import { inputDefaults, withoutInputDefault, type InputDefault } from "../../../src/schema/inputDefaults.js";
import { describeImportanceDefaults } from "../../../src/memory/importanceDefaults.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

// A cycle (Agent ↔ Memory nested creates) and a type that reaches no rule.
const schema = buildSchema(`
  input MemoryCreateInput { type: String!, importance: Float = 0.5, agent: AgentFieldInput }
  input AgentFieldInput { create: [AgentCreateInput!] }
  input AgentCreateInput { name: String!, memories: MemoryFieldInput }
  input MemoryFieldInput { create: [MemoryCreateInput!] }
  input PersonCreateInput { name: String! }
  type Query { x(a: [AgentCreateInput!], m: [MemoryCreateInput!]!, p: PersonCreateInput): Int }
`);
const rules: InputDefault[] = [{ input: "MemoryCreateInput", field: "importance", description: "by type", fill: (item) => (item.type === "INSIGHT" ? 0.9 : 0.5) }];
const inputDefaultsFor = inputDefaults(schema, rules);
const argType = (name: string) => schema.getQueryType()!.getFields().x!.args.find((a) => a.name === name)!.type as GraphQLInputType;

describe("defaults that depend on the rest of the item (inputDefaults.ts)", () => {
  it("fills the field where it is absent or null, keeps a chosen value, and does not touch the argument it was given", () => {
    const fill = inputDefaultsFor(argType("m"))!;
    const given = [{ type: "INSIGHT" }, { type: "INSIGHT", importance: null }, { type: "INSIGHT", importance: 0 }, { type: "OTHER" }];
    expect(fill(given)).toEqual([{ type: "INSIGHT", importance: 0.9 }, { type: "INSIGHT", importance: 0.9 }, { type: "INSIGHT", importance: 0 }, { type: "OTHER", importance: 0.5 }]);
    expect(given[0]).toEqual({ type: "INSIGHT" });
  });

  it("reaches nested creates through a cycle of input types", () => {
    const fill = inputDefaultsFor(argType("a"))!;
    const value = [{ name: "k", memories: { create: [{ type: "INSIGHT", agent: { create: [{ name: "m", memories: { create: [{ type: "X" }] } }] } }] } }];
    expect(fill(value)).toEqual([{ name: "k", memories: { create: [{ type: "INSIGHT", importance: 0.9, agent: { create: [{ name: "m", memories: { create: [{ type: "X", importance: 0.5 }] } }] } }] } }]);
  });

  it("gives no filler for an argument that cannot reach a rule's input", () => {
    expect(inputDefaultsFor(argType("p"))).toBeUndefined();
  });

  it("serves the field optional, without its GraphQL default, its rule described", () => {
    const field = (schema.getType("MemoryCreateInput") as GraphQLInputObjectType).toConfig().fields.importance!;
    const served = withoutInputDefault({ ...field, description: "0..1." }, "MemoryCreateInput", "importance", rules);
    expect(served).toMatchObject({ defaultValue: undefined, description: "0..1. by type" });
    expect(String(served.type)).toBe("Float");
    expect(withoutInputDefault(field, "MemoryCreateInput", "type", rules)).toBe(field);
  });
});

describe("the SDL says the defaults of the one table (src/memory/importanceDefaults.ts)", () => {
  it("MemoryInput.importance describes the table as it is", () => {
    expect(print(loadTypeDefs().document)).toContain(describeImportanceDefaults());
  });
});
