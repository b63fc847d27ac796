import { describe, expect, it } from "vitest";
import { PLANNER_PROMPT_VERSION, plannerSystemPrompt, plannerUserPrompt } from "../../../src/retrieveContext/planners/prompts.js";
import { EXAMPLE_SESSIONS, renderExampleSessions } from "../../../src/retrieveContext/planners/exampleSessions.js";
import { RETRIEVAL_TOOLS, retrievalTools, type ToolResolvers } from "../../../src/retrieveContext/tools/retrievalTools.js";
import { analysis, author, entity, request } from "./fixtures.js";

describe("planner prompts", () => {
  it("the system prompt states the run's limits", () => {
    const prompt = plannerSystemPrompt({ maxFacts: 7, maxIterations: 3 });
    expect(prompt).toContain("at most 3 rounds");
    expect(prompt).toContain("at most 7 facts");
    expect(PLANNER_PROMPT_VERSION).toMatch(/^retrieve-planner\//);
  });

  it("the system prompt holds the knowledge agent's 'give examples': two or more example sessions, round by round, ending in a reply", () => {
    const prompt = plannerSystemPrompt({ maxFacts: 30, maxIterations: 10 });
    expect(EXAMPLE_SESSIONS.length).toBeGreaterThanOrEqual(2);
    expect(prompt).toContain(renderExampleSessions());
    expect(prompt).toContain("Example session 1.\nConversation:\nAlice (p_alice): Hey, I'm thinking about applying to Google");
    expect(prompt).toContain('Calls: find_people_by_organization({"organization":"Google"}), get_person_summary({"person_id":"p_charlie"})');
    expect(prompt.match(/^Reply \(no tool calls\): /gm)).toHaveLength(EXAMPLE_SESSIONS.length);
    // The notes' guidelines: participants first, follow a mentioned project to who else is connected.
    expect(prompt).toContain("look up who else is connected");
  });

  it("every call of the example sessions names a loop tool with arguments that tool accepts", () => {
    const resolvers = Object.fromEntries(RETRIEVAL_TOOLS.map((t) => [t.field, async () => null])) as ToolResolvers;
    const tools = new Map(retrievalTools(resolvers).map((t) => [t.name, t]));
    const calls = EXAMPLE_SESSIONS.flatMap((s) => s.rounds.flatMap((r) => r.calls));
    expect(new Set(calls.map((c) => c.tool))).toEqual(
      new Set(["find_people_by_organization", "get_person_summary", "get_relationships_between", "search_messages", "find_people_connected_to", "get_recent_messages", "find_people_by_skill"]),
    );
    for (const c of calls) {
      expect(tools.has(c.tool), c.tool).toBe(true);
      expect(tools.get(c.tool)!.input.safeParse(c.args).success, `${c.tool} ${JSON.stringify(c.args)}`).toBe(true);
    }
  });

  it("the user prompt lists the conversation, participants with person ids, linked names and intents", () => {
    const prompt = plannerUserPrompt(
      request({
        channelId: "general",
        messages: [
          { authorId: "u_alice", authorName: "Alice", content: "I'm thinking of applying to Google", timestamp: "2024-01-01T10:00:00Z" },
          { authorId: null, authorName: null, content: "Didn't Charlie work there?", timestamp: null },
        ],
      }),
      analysis({ intents: [{ kind: "organization", term: "Google", message: 0 }] }),
      { entities: [entity("Person", "p_charlie", "Charlie"), entity("Org", "o_google", "Google")], authors: [author("p_alice", "Alice"), { id: "u_x", name: null, personId: null, personName: null }] },
    );
    expect(prompt.split("\n")).toEqual([
      "Conversation in channel general:",
      "[2024-01-01T10:00:00Z] Alice (u_alice): I'm thinking of applying to Google",
      "[?] someone: Didn't Charlie work there?",
      "",
      "Participants: Alice: person id p_alice; u_x: not in the graph",
      "Named in the graph: Charlie (Person, person id p_charlie); Google (Org)",
      "Asked about: organization: Google",
    ]);
  });

  it("says so when nothing is known", () => {
    const prompt = plannerUserPrompt(request(), analysis(), { entities: [], authors: [] });
    expect(prompt).toContain("Participants: unknown");
    expect(prompt).toContain("Named in the graph: nothing");
    expect(prompt).toContain("Asked about: nothing explicit");
    expect(prompt.startsWith("Conversation:")).toBe(true);
  });
});
