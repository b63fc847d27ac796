import { buildSchema, GraphQLList, GraphQLNonNull, type GraphQLInputObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { reachesStampedInput, stampedInputNames, valueReachesStampedInput } from "../../../src/feed/feedStamp.js";

const schema = buildSchema(`
  input ResearchCreateInput { topic: String }
  input KnowledgeCreateInput { Research: ResearchCreateInput }
  input AgentCreatedFieldInput { create: [KnowledgeCreateInput!] }
  input AgentCreateInput { id: ID!, created: AgentCreatedFieldInput, friends: AgentFriendsFieldInput }
  input AgentFriendsFieldInput { create: [AgentCreateInput!] }
  input MemoryCreateInput { content: String, about: MemoryAboutFieldInput }
  input MemoryAboutFieldInput { create: [MemoryCreateInput!] }
  type Query { ok: Boolean }
`);
const input = (name: string) => schema.getType(name) as GraphQLInputObjectType;

describe("reachesStampedInput", () => {
  it("finds a knowledge write directly and nested, through cycles of inputs", () => {
    expect(reachesStampedInput([input("ResearchCreateInput")], ["Research"])).toBe(true);
    expect(reachesStampedInput([input("AgentCreateInput")], ["Research"])).toBe(true);
  });

  it("says no for inputs that cannot write a stamped node, cycles included", () => {
    expect(reachesStampedInput([input("MemoryCreateInput")], ["Research"])).toBe(false);
    expect(reachesStampedInput([input("AgentCreateInput")], ["Concept"])).toBe(false);
    expect(reachesStampedInput([], ["Research"])).toBe(false);
  });
});

describe("valueReachesStampedInput", () => {
  const targets = stampedInputNames(["Research"]);
  const agents = new GraphQLList(new GraphQLNonNull(input("AgentCreateInput")));

  it("says no for a write whose input, as sent, creates no stamped node, though its type could", () => {
    expect(valueReachesStampedInput([{ id: "a1" }, { id: "a2", friends: { create: [{ id: "a3" }] } }], agents, targets)).toBe(false);
    expect(valueReachesStampedInput([{ id: "a1", created: null }], agents, targets)).toBe(false);
    expect(valueReachesStampedInput(undefined, agents, targets)).toBe(false);
  });

  it("finds a stamped create at any depth, in any item of a list", () => {
    expect(valueReachesStampedInput([{ id: "a1" }, { id: "a2", created: { create: [{ Research: { topic: "x" } }] } }], agents, targets)).toBe(true);
    expect(valueReachesStampedInput([{ id: "a1", friends: { create: [{ id: "a3", created: { create: [{ Research: {} }] } }] } }], agents, targets)).toBe(true);
    expect(valueReachesStampedInput({ topic: "x" }, input("ResearchCreateInput"), targets)).toBe(true);
  });

  it("ignores keys the input type does not have (they never reach @neo4j/graphql)", () => {
    expect(valueReachesStampedInput([{ id: "a1", Research: { topic: "x" } }], agents, targets)).toBe(false);
  });
});
