import { buildSchema, type GraphQLInputObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { reachesStampedInput } from "../../../src/feed/feedStamp.js";

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
