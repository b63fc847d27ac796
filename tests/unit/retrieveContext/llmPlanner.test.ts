import { describe, expect, it } from "vitest";
import { chatTools, toolMessage } from "../../../src/retrieveContext/planners/llmPlanner.js";
import { RETRIEVAL_TOOLS, retrievalTools, type ToolResolvers } from "../../../src/retrieveContext/tools/retrievalTools.js";
import { outcome } from "./fixtures.js";

const call = { tool: "find_people_by_skill", args: { skill: "Python" } };

describe("toolMessage", () => {
  it("shows a successful result as its JSON", () => {
    expect(toolMessage(outcome(call, { result: { people: [{ name: "Charlie" }] } }))).toBe('{"people":[{"name":"Charlie"}]}');
  });

  it("shows a failure as {error} only, so the model can correct its call", () => {
    const failed = outcome(call, { ok: false, error: "invalid arguments for find_people_by_skill: skill: Too small", result: { stale: true } });
    expect(JSON.parse(toolMessage(failed))).toEqual({ error: "invalid arguments for find_people_by_skill: skill: Too small" });
  });

  it("shows a result of null or undefined as null rather than failing", () => {
    expect(toolMessage(outcome(call, { result: null }))).toBe("null");
    expect(toolMessage(outcome(call, { result: undefined }))).toBe("null");
  });

  it("keeps a result of exactly 8000 characters whole", () => {
    const result = "x".repeat(7998); // plus the two quotes of its JSON
    expect(toolMessage(outcome(call, { result }))).toBe(JSON.stringify(result));
  });

  it("cuts a longer result at 8000 characters and says how long it was", () => {
    const result = "x".repeat(7999);
    const message = toolMessage(outcome(call, { result }));
    expect(message).toBe(`${JSON.stringify(result).slice(0, 8000)}… [cut: 8001 characters in all]`);
  });
});

describe("chatTools", () => {
  const unused = (() => {
    throw new Error("not called");
  }) as ToolResolvers[keyof ToolResolvers];
  const resolvers = Object.fromEntries(
    RETRIEVAL_TOOLS.map((t) => [t.field, unused]),
  ) as ToolResolvers;
  const specs = chatTools(retrievalTools(resolvers));
  const spec = (name: string) => specs.find((s) => s.type === "function" && s.function.name === name)!;
  const parameters = (name: string) => (spec(name) as { function: { parameters: Record<string, unknown> } }).function.parameters;

  it("offers every retrieval tool as a function with its description", () => {
    const loopTools = RETRIEVAL_TOOLS.filter((t) => t.loop);
    expect(specs.map((s) => s.type)).toEqual(Array(loopTools.length).fill("function"));
    // Every declared loop tool, in declaration order (a new tool's declaration is all it takes).
    expect(specs.map((s) => (s.type === "function" ? s.function.name : ""))).toEqual(loopTools.map((t) => t.name));
    expect(specs.map((s) => (s.type === "function" ? s.function.name : ""))).toEqual(expect.arrayContaining([
      "person_profile", "find_people_by_skill", "find_people_by_organization", "find_people_by_topic", "find_people_by_location", "get_relationships_between",
      "get_person_timeline", "get_conversation_participants", "find_experts", "semantic_search_facts", "memory_search", "search_messages",
      // The knowledge agent's own tools, and the people connected to a project or event it asks for.
      "get_person_summary", "get_recent_messages", "find_people_connected_to",
    ]));
    // The loop's old names are accepted from a call (executeCall) but never offered.
    for (const old of ["get_person_profile", "search_memories"]) expect(specs.map((s) => (s.type === "function" ? s.function.name : ""))).not.toContain(old);
    expect(spec("find_people_by_skill")).toMatchObject({ function: { description: expect.stringMatching(/skill/) } });
  });

  it("gives each a closed JSON object schema without $schema, its required fields required", () => {
    expect(parameters("get_relationships_between")).toEqual({
      type: "object",
      properties: {
        person_a_id: { type: "string", minLength: 1, maxLength: 128 },
        person_b_id: { type: "string", minLength: 1, maxLength: 128 },
      },
      required: ["person_a_id", "person_b_id"],
      additionalProperties: false,
    });
    for (const s of specs) expect(s.type === "function" && s.function.parameters).not.toHaveProperty("$schema");
  });

  it("leaves optional fields out of required and keeps their bounds", () => {
    const skill = parameters("find_people_by_skill");
    expect(skill.required).toEqual(["skill"]);
    expect(skill.properties).toMatchObject({
      min_confidence: { type: "number", minimum: 0, maximum: 1 },
      limit: { type: "integer", minimum: 1, maximum: 50 },
    });
    expect(parameters("search_messages").required).toEqual(["query"]);
  });

  it("requires nothing of get_conversation_participants and allows no arguments", () => {
    const participants = parameters("get_conversation_participants");
    expect(participants).toMatchObject({ type: "object", properties: {}, additionalProperties: false });
    expect(participants.required ?? []).toEqual([]);
  });
});
