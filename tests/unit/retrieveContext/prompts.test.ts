import { describe, expect, it } from "vitest";
import { PLANNER_PROMPT_VERSION, plannerSystemPrompt, plannerUserPrompt } from "../../../src/retrieveContext/planners/prompts.js";
import { analysis, author, entity, request } from "./fixtures.js";

describe("planner prompts", () => {
  it("the system prompt states the run's limits", () => {
    const prompt = plannerSystemPrompt({ maxFacts: 7, maxIterations: 3 });
    expect(prompt).toContain("at most 3 rounds");
    expect(prompt).toContain("at most 7 facts");
    expect(PLANNER_PROMPT_VERSION).toMatch(/^retrieve-planner\//);
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
