import { buildSchema, GraphQLList, GraphQLNonNull, type GraphQLInputObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { reachesStampedInput, writtenLabels } from "../../../src/feed/feedStamp.js";

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
    expect(reachesStampedInput(schema, ["Research"])([input("ResearchCreateInput")])).toBe(true);
    expect(reachesStampedInput(schema, ["Research"])([input("AgentCreateInput")])).toBe(true);
    expect(reachesStampedInput(schema, ["Research"])([input("MemoryCreateInput"), input("AgentFriendsFieldInput")])).toBe(true);
  });

  it("says no for inputs that cannot write a stamped node, cycles included", () => {
    expect(reachesStampedInput(schema, ["Research"])([input("MemoryCreateInput")])).toBe(false);
    expect(reachesStampedInput(schema, ["Concept"])([input("AgentCreateInput")])).toBe(false);
    expect(reachesStampedInput(schema, ["Research"])([])).toBe(false);
  });
});

describe("writtenLabels", () => {
  const agents = new GraphQLList(new GraphQLNonNull(input("AgentCreateInput")));
  const labels = (value: unknown, type: Parameters<typeof writtenLabels>[1] = agents) => [...writtenLabels(value, type)].sort();

  it("names only the node types the input, as sent, creates: not every type it could reach", () => {
    expect(labels([{ id: "a1" }, { id: "a2", friends: { create: [{ id: "a3" }] } }])).toEqual(["Agent"]);
    expect(labels([{ id: "a1", created: null }])).toEqual(["Agent"]);
    expect(labels(undefined)).toEqual([]);
  });

  it("finds a nested create at any depth, in any item of a list", () => {
    expect(labels([{ id: "a1" }, { id: "a2", created: { create: [{ Research: { topic: "x" } }] } }])).toEqual(["Agent", "Knowledge", "Research"]);
    expect(labels([{ id: "a1", friends: { create: [{ id: "a3", created: { create: [{ Research: {} }] } }] } }])).toContain("Research");
    expect(labels({ topic: "x" }, input("ResearchCreateInput"))).toEqual(["Research"]);
  });

  it("ignores keys the input type does not have (they never reach @neo4j/graphql)", () => {
    expect(labels([{ id: "a1", Research: { topic: "x" } }])).toEqual(["Agent"]);
  });
});
