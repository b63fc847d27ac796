import { describe, expect, it, vi } from "vitest";
import { SEARCH_KINDS } from "../../../src/search/recallKinds.js";
import { RETRIEVAL_TOOLS, retrievalTools, toolJsonSchema, type ToolResolvers, type ToolRun } from "../../../src/retrieveContext/tools/retrievalTools.js";
import type { RequestContext } from "../../../src/core/requestContext.js";
import { request } from "./fixtures.js";

const NAMES = ["personProfile", "peopleBySkill", "peopleByOrganization", "peopleByTopic", "peopleByLocation", "relationshipsBetween", "personTimeline", "conversationParticipants", "findExperts", "semanticSearchFacts", "searchMemories", "searchMessages", "personSummary", "recentMessages", "peopleConnectedTo"] as const;

function setup() {
  const resolvers = Object.fromEntries([...new Set([...NAMES, ...RETRIEVAL_TOOLS.map((t) => t.field)])].map((n) => [n, vi.fn(() => ({ from: n }))])) as unknown as Record<(typeof NAMES)[number], ReturnType<typeof vi.fn>>;
  const tools = new Map(retrievalTools(resolvers as unknown as ToolResolvers).map((t) => [t.name, t]));
  const ctx = { marker: "ctx" } as unknown as RequestContext;
  const run: ToolRun = { ctx, request: request({ messages: [{ authorId: "u_bob", authorName: "Bob", content: "Who is my brother?", timestamp: "2024-01-01T00:00:00Z" }] }) };
  return { resolvers, tools, ctx, run };
}

describe("retrievalTools", () => {
  it.each<[string, Record<string, unknown>, (typeof NAMES)[number], Record<string, unknown>]>([
    ["person_profile", { person_id: "p1", fact_types: ["WORKS_AT"] }, "personProfile", { personId: "p1", factTypes: ["WORKS_AT"] }],
    ["find_people_by_skill", { skill: "Python", min_confidence: 0.5, limit: 3 }, "peopleBySkill", { skill: "Python", minConfidence: 0.5, limit: 3 }],
    ["find_people_by_organization", { organization: "Google", current_only: true }, "peopleByOrganization", { organization: "Google", currentOnly: true, minConfidence: undefined, limit: undefined }],
    ["find_people_by_organization", { organization: "Google", min_confidence: 0.8 }, "peopleByOrganization", { organization: "Google", currentOnly: undefined, minConfidence: 0.8, limit: undefined }],
    ["find_people_by_topic", { topic: "Rust", relationship_types: ["CARES_ABOUT"], min_confidence: 0.6 }, "peopleByTopic", { topic: "Rust", relationshipTypes: ["CARES_ABOUT"], minConfidence: 0.6, limit: undefined }],
    ["find_people_by_location", { location: "SF", min_confidence: 0.7, limit: 4 }, "peopleByLocation", { location: "SF", minConfidence: 0.7, limit: 4 }],
    ["get_person_timeline", { person_id: "p1", fact_types: ["WORKS_AT", "PREVIOUSLY"] }, "personTimeline", { personId: "p1", factTypes: ["WORKS_AT", "PREVIOUSLY"], startDate: undefined, endDate: undefined }],
    ["semantic_search_facts", { query: "snakes", fact_types: ["HAS_SKILL"] }, "semanticSearchFacts", { query: "snakes", factTypes: ["HAS_SKILL"], limit: undefined, similarityThreshold: undefined }],
    ["get_relationships_between", { person_a_id: "p1", person_b_id: "p2" }, "relationshipsBetween", { personAId: "p1", personBId: "p2" }],
    ["get_person_timeline", { person_id: "p1", start_date: "2019" }, "personTimeline", { personId: "p1", factTypes: undefined, startDate: "2019", endDate: undefined }],
    ["semantic_search_facts", { query: "snakes", similarity_threshold: 0.8 }, "semanticSearchFacts", { query: "snakes", factTypes: undefined, limit: undefined, similarityThreshold: 0.8 }],
    ["search_messages", { query: "deploy", channel_id: "c1", author_id: "u1" }, "searchMessages", { query: "deploy", channelId: "c1", authorId: "u1", limit: undefined }],
    // The knowledge agent's get_person_summary(person_id) and get_recent_messages(channel_id, limit, before_timestamp).
    ["get_person_summary", { person_id: "p1" }, "personSummary", { personId: "p1" }],
    ["get_recent_messages", { channel_id: "channel_789", limit: 5, before_timestamp: "2025-10-10T14:30:00Z" }, "recentMessages", { channelId: "channel_789", limit: 5, before: "2025-10-10T14:30:00.000Z" }],
    ["get_recent_messages", { channel_id: "channel_789" }, "recentMessages", { channelId: "channel_789", limit: 20, before: null }],
    ["find_people_connected_to", { name: "PyCon", min_confidence: 0.6 }, "peopleConnectedTo", { name: "PyCon", minConfidence: 0.6, limit: undefined }],
  ])("%s maps the model's snake_case arguments to the resolver's", async (name, args, resolver, expected) => {
    const { resolvers, tools, ctx, run } = setup();
    expect(await tools.get(name)!.run(args, run)).toEqual({ from: resolver });
    expect(resolvers[resolver]).toHaveBeenCalledWith(null, expected, ctx);
  });

  it("memory_search searches every kind with explain on and 10 results by default; kinds narrows it", async () => {
    const { resolvers, tools, run } = setup();
    await tools.get("memory_search")!.run({ query: "deploy" }, run);
    expect(resolvers.searchMemories).toHaveBeenCalledWith(null, { input: { query: "deploy", kinds: [...SEARCH_KINDS], limit: 10, diversity: 0, expand: true, explain: true } }, expect.anything());
    await tools.get("memory_search")!.run({ query: "deploy", kinds: ["belief", "FACT"] }, run);
    expect(resolvers.searchMemories).toHaveBeenLastCalledWith(null, { input: { query: "deploy", kinds: ["BELIEF", "FACT"], limit: 10, diversity: 0, expand: true, explain: true } }, expect.anything());
  });

  it("get_conversation_participants sends the request's messages without timestamps", async () => {
    const { resolvers, tools, run } = setup();
    await tools.get("get_conversation_participants")!.run({}, run);
    expect(resolvers.conversationParticipants).toHaveBeenCalledWith(null, { messages: [{ authorId: "u_bob", authorName: "Bob", content: "Who is my brother?" }] }, expect.anything());
  });

  it.each([
    ["person_profile", { person_id: "" }],
    ["person_profile", { person_id: "p".repeat(129) }],
    ["find_people_by_skill", { skill: "x".repeat(501) }],
    ["find_people_by_skill", { skill: "Python", limit: 51 }],
    ["find_people_by_skill", { skill: "Python", min_confidence: 1.5 }],
    ["semantic_search_facts", { query: "q", similarity_threshold: -0.1 }],
    ["get_conversation_participants", { anything: 1 }],
    ["person_profile", { person_id: "p1", fact_types: Array(21).fill("WORKS_AT") }],
    ["get_recent_messages", { limit: 5 }],
    ["get_recent_messages", { channel_id: "c1", before: "2025-10-10T14:30:00Z" }],
    ["find_people_connected_to", { name: "" }],
  ])("%s refuses %j", (name, args) => {
    const { tools } = setup();
    expect(tools.get(name)!.input.safeParse(args).success).toBe(false);
  });

  it("toolJsonSchema drops the $schema key", () => {
    const { tools } = setup();
    const schema = toolJsonSchema(tools.get("find_experts")!);
    expect(schema).not.toHaveProperty("$schema");
    expect(schema).toMatchObject({ type: "object", required: ["query"] });
  });
});
