import { buildSchema, parse, type GraphQLInputType } from "graphql";
import { describe, expect, it } from "vitest";
import { BadUserInputError } from "../../src/errors/errors.js";
import { checkArgs } from "../../src/schema/checkArgs.js";
import { extractRules } from "../../src/schema/inputRules.js";

// A miniature of what @neo4j/graphql generates: create inputs, nested relationship
// inputs with edge properties, and update inputs made of operator objects.
const sdl = `
  input MemoryCreateInput { content: String!, importance: Float, tags: [String!], agent: MemoryAgentFieldInput }
  input MemoryAgentFieldInput { create: [MemoryAgentCreateFieldInput!] }
  input MemoryAgentCreateFieldInput { node: AgentCreateInput!, edge: FactCreateInput }
  input AgentCreateInput { id: ID!, name: String! }
  input FactCreateInput { confidence: Float! }
  input FloatScalarMutations { set: Float, add: Float, subtract: Float, multiply: Float, divide: Float }
  input ListStringMutations { set: [String!], push: [String!] }
  input MemoryUpdateInput { importance: FloatScalarMutations, tags: ListStringMutations }
  input MemoryWhere { content: StringFilter }
  input StringFilter { contains: String }
  type Query { memories(where: MemoryWhere): Int }
  type Mutation { createMemories(input: [MemoryCreateInput!]!): Int, updateMemories(update: MemoryUpdateInput): Int }
`;
const schema = buildSchema(sdl);
const rules = extractRules(
  parse(`
    type Memory { content: String! @constraint(minLength: 1, maxLength: 100) importance: Float @constraint(min: 0, max: 1) tags: [String!] @constraint(maxItems: 2, maxLength: 5) }
    type Agent { id: ID! @constraint(pattern: "^[a-z]+$") }
    type Fact { confidence: Float! @constraint(min: 0, max: 1) }
  `),
);
function argsOf(root: "Mutation" | "Query", field: string) {
  const type = root === "Mutation" ? schema.getMutationType() : schema.getQueryType();
  const args = type!.getFields()[field]!.args;
  return args.map((a) => ({ name: a.name, type: a.type as GraphQLInputType }));
}

function problem(root: "Mutation" | "Query", field: string, args: Record<string, unknown>) {
  try {
    checkArgs(args, argsOf(root, field), rules, field);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(BadUserInputError);
    return { message: (err as BadUserInputError).message, field: (err as BadUserInputError).extensions.field };
  }
}

describe("checkArgs on generated inputs", () => {
  it("lets valid input through", () => {
    expect(problem("Mutation", "createMemories", { input: [{ content: "hi", importance: 0.4, tags: ["a"] }] })).toBeNull();
  });

  it("names the type and field of a broken rule in a create", () => {
    expect(problem("Mutation", "createMemories", { input: [{ content: "hi", importance: 2 }] })).toEqual({
      message: "Memory.importance must be between 0 and 1, got 2",
      field: "Memory.importance",
    });
  });

  it("checks nested node and edge inputs against their own types", () => {
    const nested = (id: string, confidence: number) => ({
      input: [{ content: "hi", agent: { create: [{ node: { id, name: "A" }, edge: { confidence } }] } }],
    });
    expect(problem("Mutation", "createMemories", nested("ok", 0.5))).toBeNull();
    expect(problem("Mutation", "createMemories", nested("Bad Id", 0.5))?.field).toBe("Agent.id");
    expect(problem("Mutation", "createMemories", nested("ok", 7))?.field).toBe("Fact.confidence");
  });

  it("checks set and push of update operators, and refuses arithmetic on bounded fields", () => {
    expect(problem("Mutation", "updateMemories", { update: { importance: { set: 0.2 } } })).toBeNull();
    expect(problem("Mutation", "updateMemories", { update: { importance: { set: 1.2 } } })?.field).toBe(
      "Memory.importance",
    );
    expect(problem("Mutation", "updateMemories", { update: { importance: { add: 0.1 } } })?.message).toMatch(
      /'add' is not allowed/,
    );
    expect(problem("Mutation", "updateMemories", { update: { tags: { push: ["toolong"] } } })?.message).toMatch(
      /Memory.tags is at most 5 characters/,
    );
  });

  it("caps strings in any argument, filters included", () => {
    expect(problem("Query", "memories", { where: { content: { contains: "x".repeat(20_001) } } })?.message).toMatch(
      /memories.where.content.contains is at most 20000 characters long/,
    );
  });
});
