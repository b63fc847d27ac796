import { describe, expect, it } from "vitest";
import type { ImplicitPhrase } from "../../../src/people/findMentions.js";
import { deterministicPlanner, DETERMINISTIC_ROUNDS, entityCalls, followUpCalls } from "../../../src/retrieveContext/planners/deterministicPlanner.js";
import type { LoopView, PlanStep } from "../../../src/retrieveContext/planners/planner.js";
import { author, entity, outcome, view } from "./fixtures.js";

const brother: ImplicitPhrase = { reference: "my brother", word: "brother", types: ["RELATED_TO"], mentionedInMessage: 0 };
const signal = new AbortController().signal;
const toolsOf = (calls: { tool: string }[]) => calls.map((c) => c.tool);

describe("entityCalls (round 1)", () => {
  it("asks for the profiles of the authors who are people, then of the people named, each once", () => {
    const calls = entityCalls(view({ links: { authors: [author("p_bob"), author(null, "Guest"), author("p_bob")], entities: [entity("Person", "p_charlie"), entity("Person", "p_bob")] } }));
    expect(calls).toEqual([
      { tool: "person_profile", args: { person_id: "p_bob" } },
      { tool: "person_profile", args: { person_id: "p_charlie" } },
    ]);
  });

  it("caps the people in play at 8", () => {
    const people = Array.from({ length: 10 }, (_, i) => entity("Person", `p${i}`));
    const calls = entityCalls(view({ links: { entities: people } }));
    expect(calls.map((c) => (c.args as { person_id: string }).person_id)).toEqual(["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"]);
  });

  it("makes one call per asked-about term with the tool of its kind", () => {
    const calls = entityCalls(
      view({
        analysis: {
          intents: [
            { kind: "skill", term: "Python", message: 0 },
            { kind: "organization", term: "Google", message: 0 },
            { kind: "location", term: "Berlin", message: 1 },
            { kind: "topic", term: "jazz", message: 1 },
          ],
        },
      }),
    );
    expect(calls).toEqual([
      { tool: "find_people_by_skill", args: { skill: "Python" } },
      { tool: "find_people_by_organization", args: { organization: "Google" } },
      { tool: "find_people_by_location", args: { location: "Berlin" } },
      { tool: "find_people_by_topic", args: { topic: "jazz" } },
    ]);
  });

  it("adds linked organisations, skills, places, topics, projects and events, not repeating a term an intent already asks about (any case)", () => {
    const calls = entityCalls(
      view({
        analysis: { intents: [{ kind: "organization", term: "Google", message: 0 }] },
        links: { entities: [entity("Org", "o_google", "google"), entity("Org", "o_meta", "Meta"), entity("Skill", "s_rust", "Rust"), entity("Place", "pl_sf", "San Francisco"), entity("Topic", "t_ai", "AI"), entity("Project", "pr_x", "Apollo"), entity("Event", "e_x", "PyCon")] },
      }),
    );
    expect(calls).toEqual([
      { tool: "find_people_by_organization", args: { organization: "Google" } },
      { tool: "find_people_by_organization", args: { organization: "Meta" } },
      { tool: "find_people_by_skill", args: { skill: "Rust" } },
      { tool: "find_people_by_location", args: { location: "San Francisco" } },
      { tool: "find_people_by_topic", args: { topic: "AI" } },
      // The knowledge agent's "if someone mentions a project, look up who else is connected".
      { tool: "find_people_connected_to", args: { name: "Apollo" } },
      { tool: "find_people_connected_to", args: { name: "PyCon" } },
    ]);
  });

  it("asks about at most 3 terms of one kind", () => {
    const intents = ["Python", "Rust", "Go", "Scala"].map((term) => ({ kind: "skill" as const, term, message: 0 }));
    expect(entityCalls(view({ analysis: { intents } })).map((c) => c.args)).toEqual([{ skill: "Python" }, { skill: "Rust" }, { skill: "Go" }]);
  });

  it("asks for the conversation's participants only when it has implicit references like 'my brother'", () => {
    expect(toolsOf(entityCalls(view()))).not.toContain("get_conversation_participants");
    expect(entityCalls(view({ analysis: { implicitReferences: [brother] } }))).toEqual([{ tool: "get_conversation_participants", args: {} }]);
  });

  it("plans nothing for a conversation that names nothing", () => {
    expect(entityCalls(view())).toEqual([]);
  });
});

describe("followUpCalls (round 2)", () => {
  it("asks how each pair of people in play is connected, at most 6 pairs", () => {
    const people = ["p1", "p2", "p3", "p4", "p5"].map((id) => entity("Person", id));
    const pairs = followUpCalls(view({ links: { entities: people }, factCount: 5 })).filter((c) => c.tool === "get_relationships_between");
    expect(pairs.map((c) => c.args)).toEqual([
      { person_a_id: "p1", person_b_id: "p2" },
      { person_a_id: "p1", person_b_id: "p3" },
      { person_a_id: "p1", person_b_id: "p4" },
      { person_a_id: "p1", person_b_id: "p5" },
      { person_a_id: "p2", person_b_id: "p3" },
      { person_a_id: "p2", person_b_id: "p4" },
    ]);
  });

  it("has no pairs with fewer than two people", () => {
    expect(toolsOf(followUpCalls(view({ links: { authors: [author("p_bob")] } })))).not.toContain("get_relationships_between");
  });

  it("searches facts by meaning only while fewer than 3 facts were found, memories always", () => {
    expect(followUpCalls(view({ factCount: 2, analysis: { query: "Who knows Python?" } }))).toEqual([
      { tool: "semantic_search_facts", args: { query: "Who knows Python?" } },
      { tool: "memory_search", args: { query: "Who knows Python?", limit: 10 } },
    ]);
    expect(toolsOf(followUpCalls(view({ factCount: 3 })))).toEqual(["memory_search"]);
  });

  it("searches with the last 500 characters of the query", () => {
    const query = `${"a".repeat(100)}${"b".repeat(500)}`;
    const [semantic] = followUpCalls(view({ analysis: { query } }));
    expect(semantic!.args).toEqual({ query: "b".repeat(500) });
  });
});

describe("deterministicPlanner session", () => {
  const named = view({ links: { entities: [entity("Person", "p1"), entity("Person", "p2")] } });
  const calls = (step: PlanStep) => (step.kind === "calls" ? step.calls : []);

  it("plans round 1, then round 2, then is done, with ids det_1, det_2, …", async () => {
    const planner = deterministicPlanner();
    expect(planner.kind).toBe("DETERMINISTIC");
    const first = await planner.next(named, signal);
    expect(first.kind).toBe("calls");
    expect(calls(first).map((c) => [c.id, c.tool])).toEqual([
      ["det_1", "person_profile"],
      ["det_2", "person_profile"],
    ]);
    const second = await planner.next(named, signal);
    expect(calls(second).map((c) => [c.id, c.tool])).toEqual([
      ["det_3", "get_relationships_between"],
      ["det_4", "semantic_search_facts"],
      ["det_5", "memory_search"],
    ]);
    expect((await planner.next(named, signal)).kind).toBe("done");
    expect((await planner.next(named, signal)).kind).toBe("done");
    expect(planner.tokensUsed()).toBe(0);
    expect(DETERMINISTIC_ROUNDS).toBe(2);
  });

  it("goes straight to round 2 when round 1 has nothing to ask", async () => {
    const step = await deterministicPlanner().next(view(), signal);
    expect(toolsOf(calls(step))).toEqual(["semantic_search_facts", "memory_search"]);
    expect(step.reasoning).toMatch(/search by meaning/);
  });

  it("skips calls an earlier planner of the run made successfully, whatever their key order, and repeats failed ones", async () => {
    const made: LoopView = {
      ...named,
      outcomes: [
        outcome({ tool: "person_profile", args: { person_id: "p1" } }),
        outcome({ tool: "person_profile", args: { person_id: "p2" } }, { ok: false, error: "boom" }),
        outcome({ tool: "get_relationships_between", args: { person_b_id: "p2", person_a_id: "p1" } }),
      ],
    };
    const planner = deterministicPlanner();
    expect(calls(await planner.next(made, signal)).map((c) => c.args)).toEqual([{ person_id: "p2" }]);
    expect(toolsOf(calls(await planner.next(made, signal)))).toEqual(["semantic_search_facts", "memory_search"]);
  });

  it("is done at once when every call it would make was already made", async () => {
    const query = named.analysis.query;
    const made: LoopView = {
      ...named,
      outcomes: [
        outcome({ tool: "person_profile", args: { person_id: "p1" } }),
        outcome({ tool: "person_profile", args: { person_id: "p2" } }),
        outcome({ tool: "get_relationships_between", args: { person_a_id: "p1", person_b_id: "p2" } }),
        outcome({ tool: "semantic_search_facts", args: { query } }),
        outcome({ tool: "memory_search", args: { query, limit: 10 } }),
      ],
    };
    expect(await deterministicPlanner().next(made, signal)).toEqual({ kind: "done", reasoning: "Every lookup that fits the conversation has been made" });
  });

  it("takes over after a model whose successful call had null arguments (JSON 'null') without failing", async () => {
    const made: LoopView = { ...view({ analysis: { implicitReferences: [brother] } }), outcomes: [outcome({ tool: "get_conversation_participants", args: null })] };
    const step = await deterministicPlanner().next(made, signal);
    expect(toolsOf(calls(step))).toEqual(["semantic_search_facts", "memory_search"]);
  });
});
