import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../src/core/caller.js";
import { PLANNER_PROMPT_VERSION } from "../../src/retrieveContext/planners/prompts.js";
import { CREATE_PEOPLE_AND_ORGS, memoryServiceGraph } from "../../fixtures/memoryServiceGraph.js";
import { unthrottled } from "../../fixtures/memoryServiceCases.js";
import { startScriptedLlm, type ScriptedLlm, type ScriptedReply } from "../../fixtures/scriptedLlm.js";
import { ASSERT } from "../integration/tools/peopleFixture.js";
import { startTokenGateway, type TokenGateway } from "../support/tokenGateway.js";
import { testConfig } from "../support/testGateway.js";

/**
 * The chatbot's knowledge retrieval agent, played as its
 * note writes it: a chatbot with one bearer token posts the conversation to
 * `POST /api/knowledge/retrieve` (its "REST API Specification") and reads
 * relevant_facts, person_profiles, reasoning, queries_executed, confidence
 * and processing_time_ms. Only HTTP for the client; the reviewer of "Phase 4"
 * reads the run log and marks a run over GraphQL with the same token. The
 * agent is LLM-based, so the planner is the gateway's LLM planner driven by
 * the scripted OpenAI-compatible model, replaying the note's "Example Agent
 * Session" round by round. The graph is the note's people (Alice, Bob,
 * Charlie, Dana, Google).
 */
let tg: TokenGateway;
let llm: ScriptedLlm;
let chatbot: Caller;
let token: string;
let origin: string;
const person = (name: string) => `${chatbot.agentId}-${name}`;

const post = async (body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${origin}/api/knowledge/retrieve`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

/** The note's request: messages with author_id, content and timestamp; channel_id, max_facts, max_iterations. */
const request = (...messages: [author: string, content: string][]) => ({
  messages: messages.map(([author_id, content], i) => ({ author_id, content, timestamp: `2025-10-10T14:30:${String(i * 15).padStart(2, "0")}Z` })),
  channel_id: "channel_789",
  max_facts: 30,
  max_iterations: 10,
});

const call = (name: string, args: Record<string, unknown>): ScriptedReply => ({ calls: [{ name, arguments: args }] });

const graphql = async (query: string, variables: Record<string, unknown>) => {
  const res = await fetch(`${origin}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: Record<string, any>; errors?: { extensions?: Record<string, unknown> }[] };
};

beforeAll(async () => {
  llm = await startScriptedLlm();
  tg = await startTokenGateway({
    tenantPrefix: "kagent",
    config: {
      llm: { baseUrl: llm.baseUrl, apiKey: "test-key", model: "scripted-model", timeoutMs: 500, maxRetries: 0, breakerThreshold: 100, breakerCoolDownMs: 60_000 },
      limits: unthrottled(testConfig().limits),
    },
  });
  chatbot = tg.caller("knowledge-agent");
  token = await tg.token(chatbot);
  origin = tg.gw.url.replace(/\/graphql$/, "");
  const { people, orgs, facts } = memoryServiceGraph(chatbot.agentId);
  expect((await tg.as(chatbot, CREATE_PEOPLE_AND_ORGS, { input: people, orgs })).errors).toBeUndefined();
  const typescript = { subject: person("dana"), relation: "HAS_SKILL", object: "TypeScript", confidence: 0.88, evidence: ["msg_900"], attributes: { proficiency: "expert" } };
  expect((await tg.as(chatbot, ASSERT, { facts: [...facts, typescript] })).errors).toBeUndefined();
  // Frank's two homes at once: a contradiction, both kept (assertFacts flags the second).
  expect((await tg.as(chatbot, `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`, { input: [{ id: person("frank"), name: "Frank" }] })).errors).toBeUndefined();
  const home = (object: string, validFrom: string, evidence: string) => ({ subject: person("frank"), relation: "LIVES_IN", object, confidence: 0.8, evidence: [evidence], validFrom });
  expect((await tg.as(chatbot, ASSERT, { facts: [home("Paris", "2021-01-01T00:00:00Z", "msg_960")] })).errors).toBeUndefined();
  const second = await tg.as<{ assertFacts: { contradictions: unknown[] } }>(chatbot, ASSERT, { facts: [home("Berlin", "2020-01-01T00:00:00Z", "msg_961")] });
  expect(second.data!.assertFacts.contradictions).toHaveLength(1);
  // The channel of the note's request, with what was said before the conversation (get_recent_messages reads it).
  const said = (n: number, author: string, content: string) => ({
    id: `msg_80${n}`, authorId: person(author), authorName: author, content, timestamp: `2025-10-10T14:2${n}:00Z`,
    channel: { connect: [{ where: { node: { id: { eq: "channel_789" } } } }] },
  });
  expect((await tg.as(chatbot, `mutation { createChannels(input: [{ id: "channel_789", name: "general", learnFacts: false }]) { channels { id } } }`, {})).errors).toBeUndefined();
  const messages = [said(1, "charlie", "The interview loop at Google was four rounds when I went through it"), said(2, "dana", "It's five now, with a design round"), said(3, "bob", "Lunch anyone?")];
  expect((await tg.as(chatbot, `mutation ($input: [MessageCreateInput!]!) { createMessages(input: $input) { messages { id } } }`, { input: messages })).errors).toBeUndefined();
});
afterAll(async () => {
  await tg.stop();
  await llm.close();
});

/**
 * The note's "Example Agent Session", its five iterations as the model's turns, then DONE with the note's reasoning.
 * The note calls the profile tool get_person_profile, the loop's old name for person_profile: still accepted.
 */
const exampleSession = (): ScriptedReply[] => [
  call("get_person_profile", { person_id: person("charlie") }),
  call("find_people_by_organization", { organization: "Google" }),
  call("get_relationships_between", { person_a_id: person("alice"), person_b_id: person("charlie") }),
  call("find_people_by_topic", { topic: "Google" }),
  call("search_messages", { query: "Google" }),
  { content: "Alice is considering applying to Google. Charlie worked there 2019-2022; Dana works there now; Alice is close to Charlie." },
];
const exampleConversation = () =>
  request([person("alice"), "Hey, I'm thinking about applying to Google"], [person("bob"), "Oh nice! Didn't Charlie work there?"], [person("alice"), "Did he? I should ask him about it"]);

describe("the knowledge agent's client, as its notes write it", () => {
  it("'Example Agent Session' over 'POST /api/knowledge/retrieve': Charlie's Google past, Dana at Google, Alice close to Charlie, in the response shape of the 'REST API Specification'", async () => {
    llm.play(exampleSession());
    const { status, body } = await post(exampleConversation());
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(["relevant_facts", "person_profiles", "reasoning", "queries_executed", "confidence", "processing_time_ms", "run_id"]));
    expect(body.relevant_facts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fact: "Charlie previously worked at Google from 2019 to 2022 as a Software Engineer in Mountain View", confidence: 0.92, evidence: ["msg_456"] }),
        expect.objectContaining({ fact: "Dana works at Google as a Product Manager in San Francisco", confidence: 0.92, evidence: ["msg_789"] }),
        expect.objectContaining({ fact: "Alice is close to Charlie", confidence: 0.85, evidence: ["msg_234", "msg_567"] }),
      ]),
    );
    expect(body.person_profiles[person("charlie")]).toMatch(/^Charlie: .*previously worked at Google/);
    expect(typeof body.person_profiles[person("dana")]).toBe("string");
    expect(body.reasoning).toContain("Alice is considering applying to Google.");
    expect(body.confidence).toBe("high");
    expect(body.processing_time_ms).toBeGreaterThan(0);
    expect(body.prompt_version).toBe(PLANNER_PROMPT_VERSION);
  });

  it("'queries_executed': one entry per query with iteration, tool, query and result_count, the session's five iterations in order", async () => {
    llm.play(exampleSession());
    const { body } = await post(exampleConversation());
    // Each tool under its one name (the MCP one): the model's get_person_profile is reported as person_profile.
    expect(body.queries_executed.map((q: any) => [q.iteration, q.tool])).toEqual([
      [1, "person_profile"],
      [2, "find_people_by_organization"],
      [3, "get_relationships_between"],
      [4, "find_people_by_topic"],
      [5, "search_messages"],
    ]);
    for (const q of body.queries_executed) expect(q).toMatchObject({ query: expect.any(String), result_count: expect.any(Number) });
    expect(JSON.parse(body.queries_executed[1].query)).toEqual({ organization: "Google" });
    expect(body.queries_executed[1].result_count).toBeGreaterThanOrEqual(3);
    // Iteration 4 of the note: "Result: [no results]".
    expect(body.queries_executed[3].result_count).toBe(0);
  });

  it("'Success Criteria: Includes provenance': every fact carries its evidence message ids, a confidence and a relevance", async () => {
    llm.play(exampleSession());
    const { body } = await post(exampleConversation());
    expect(body.relevant_facts.length).toBeGreaterThan(2);
    for (const f of body.relevant_facts) {
      expect(f.evidence.length, f.fact).toBeGreaterThan(0);
      for (const e of f.evidence) expect(e).toMatch(/^msg_\d+$/);
      expect(f.confidence).toBeGreaterThan(0);
      expect(f.confidence).toBeLessThanOrEqual(1);
      expect(f.relevance).toBeGreaterThan(0);
      expect(f.relevance).toBeLessThanOrEqual(1);
    }
  });

  it("'Test incrementally': 'Hi Alice', then 'Who should I ask about TypeScript?'", async () => {
    llm.play([call("get_person_profile", { person_id: person("alice") }), { content: "Alice's profile." }]);
    const hi = await post(request(["user_999", "Hi Alice"]));
    expect(hi.status).toBe(200);
    expect(hi.body.relevant_facts.some((f: any) => f.fact === "Alice knows Python")).toBe(true);
    expect(hi.body.person_profiles[person("alice")]).toMatch(/^Alice \(Alice Johnson\): /);

    llm.play([call("find_people_by_skill", { skill: "TypeScript" }), { content: "Dana is the TypeScript expert." }]);
    const ts = await post({ ...request(["user_999", "Who should I ask about TypeScript?"]), max_facts: 10, max_iterations: 5 });
    expect(ts.body.relevant_facts[0]).toMatchObject({ fact: "Dana knows TypeScript", person: "Dana", evidence: ["msg_900"] });
    expect(ts.body.processing_time_ms).toBeLessThan(60_000);
  });

  it("'Handles edge cases': empty results, a query error and a failing model still answer 200", async () => {
    llm.play([call("find_people_by_skill", { skill: "Klingon" }), { content: "Nobody speaks Klingon." }]);
    const empty = await post(request(["user1", "Does anyone speak Klingon?"]));
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ relevant_facts: [], person_profiles: {}, confidence: "low" });

    llm.play([call("find_people_by_skill", { skil: "Python" }), { content: "The call failed." }]);
    const bad = await post(request(["user1", "Who knows Python?"]));
    expect(bad.status).toBe(200);
    expect(bad.body.queries_executed[0]).toMatchObject({ tool: "find_people_by_skill", result_count: 0, success: false, error: expect.stringMatching(/invalid arguments/) });

    llm.play([{ status: 500 }]);
    const down = await post(request(["user1", "Anyone work at Google?"]));
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ planner: "deterministic", prompt_version: PLANNER_PROMPT_VERSION });
    expect(down.body.relevant_facts.some((f: any) => f.fact.startsWith("Dana works at Google"))).toBe(true);
  });

  it("'Set hard limits': max_facts caps the facts, max_iterations over the limit and a missing token are refused in the REST error shape", async () => {
    llm.play(exampleSession());
    const two = await post({ ...exampleConversation(), max_facts: 2 });
    expect(two.body.relevant_facts).toHaveLength(2);
    const tooMany = await post({ ...exampleConversation(), max_iterations: 21 }, { "x-request-id": "req_abc123" });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ error: "Bad request", code: "BAD_USER_INPUT", field: "RetrieveContextInput.maxIterations", request_id: "req_abc123" });
    const anonymous = await fetch(`${origin}/api/knowledge/retrieve`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(exampleConversation()) });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: "Unauthorized", code: "UNAUTHENTICATED", request_id: expect.any(String) });
  });

  it("'Phase 4: Log all agent sessions (conversation → queries → results)' and 'Manual review: was the context helpful?'", async () => {
    llm.play(exampleSession());
    const { body } = await post(exampleConversation());
    await tg.gw.app.background.drain();
    const read = await graphql(`query ($id: ID!) { retrievalRuns(where: { id: { eq: $id } }) { conversation steps promptVersion facts helpful } }`, { id: body.run_id });
    const [run] = read.data!.retrievalRuns;
    expect(JSON.parse(run.conversation)[1].content).toBe("Oh nice! Didn't Charlie work there?");
    expect(run.promptVersion).toBe(PLANNER_PROMPT_VERSION);
    const calls = JSON.parse(run.steps).flatMap((s: any) => s.toolCalls);
    expect(calls.map((c: any) => c.tool)).toEqual(body.queries_executed.map((q: any) => q.tool));
    expect(calls[1].result).toContain(person("dana"));
    expect(run.helpful).toBeNull();

    const mark = await graphql(`mutation ($runId: ID!) { markRetrievalRun(runId: $runId, helpful: true, note: "Charlie was the right person to suggest") { helpful feedbackNote } }`, { runId: body.run_id });
    expect(mark.errors).toBeUndefined();
    expect(mark.data!.markRetrievalRun).toEqual({ helpful: true, feedbackNote: "Charlie was the right person to suggest" });
  });
});

/**
 * What the note writes and the gateway once did otherwise (issue #46, the
 * knowledge agent): its get_person_summary and get_recent_messages as tools of
 * the loop, "if someone mentions a project, look up who else is connected",
 * the response's contradictions, suggested_context and a fact's organisation,
 * role, duration, location and basis as fields, facts grouped by topic, its
 * "about a minute", and example sessions in the prompt.
 */
describe("the knowledge agent's own cypher_query, as the agent (not the operator)", () => {
  const CYPHER = `query ($query: String!, $params: String) { cypherQuery(query: $query, params: $params) { columns rows rowCount } }`;
  const cypher = async (query: string, params: Record<string, unknown> = {}) => {
    let res = await graphql(CYPHER, { query, params: JSON.stringify(params) });
    // Once more after the 5 s limit. A query's first run under the agent's scope is planned within that limit: alone on
    // two cores, 0.2-3.3 s first and 70-210 ms again; inside the whole suite the first one once ran past 5 s. The test
    // is about the answers; the planning cost is noted in docs/benchmarks.md (2026-12-02, evening).
    if (res.errors?.[0]?.extensions?.refusal === "TIMEOUT") res = await graphql(CYPHER, { query, params: JSON.stringify(params) });
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    return (res.data!.cypherQuery.rows as string[]).map((r) => JSON.parse(r) as Record<string, any>);
  };

  it("'Example Agent Session' iterations 1-4, the note's queries with its ids as parameters: Charlie's Google past, who else was at Google, Alice close to Charlie, no TALKS_ABOUT", async () => {
    const ids = { charlie: person("charlie"), dana: person("dana"), alice: person("alice") };
    // Iteration 1.
    const first = await cypher(
      "MATCH (p:Person {id: $charlie})-[r:WORKS_AT|PREVIOUSLY]->(o:Org) WHERE o.name CONTAINS 'Google' RETURN p, r, o",
      ids,
    );
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ p: { properties: { id: ids.charlie } }, r: { type: "PREVIOUSLY", properties: { role: "Software Engineer", startDate: "2019", endDate: "2022" } }, o: { properties: { name: "Google" } } });
    // Iteration 2.
    const second = await cypher(
      "MATCH (p:Person)-[r:WORKS_AT|PREVIOUSLY]->(o:Org {name: 'Google'}) RETURN p.id, p.realName, r.role, r.startDate, r.endDate, r.location ORDER BY r.confidence DESC",
    );
    expect(second.map((r) => r["p.id"])).toEqual(expect.arrayContaining([ids.charlie, ids.dana]));
    expect(second.find((r) => r["p.id"] === ids.dana)).toMatchObject({ "r.role": "Product Manager", "r.location": "San Francisco" });
    // Iteration 3.
    const third = await cypher("MATCH (alice:Person {id: $alice})-[:CLOSE_TO|INTERACTED_WITH]-(p:Person) WHERE p.id IN [$charlie, $dana] RETURN p.id, p.realName", ids);
    expect(third.map((r) => r["p.id"])).toEqual([ids.charlie]);
    // Iteration 4: nothing, as in the note.
    expect(await cypher("MATCH (charlie:Person {id: $charlie})-[r:TALKS_ABOUT]->(t:Topic) WHERE t.name CONTAINS 'Google' OR t.name CONTAINS 'work' RETURN t.name, r.sentiment, r.evidence LIMIT 5", ids)).toEqual([]);
    // Everything it read is its own tenant's.
    expect(await cypher("MATCH (n) RETURN DISTINCT n.tenantId AS tenant")).toEqual([{ tenant: tg.tenant }]);
  });
});

describe("the knowledge agent's client, the rest of its notes", () => {
  it("'Agent Tools': get_person_summary(person_id) and get_recent_messages(channel_id, limit, before_timestamp) are tools the agent calls by those names", async () => {
    llm.play([
      { calls: [
        { name: "get_person_summary", arguments: { person_id: person("charlie") } },
        { name: "get_recent_messages", arguments: { channel_id: "channel_789", limit: 2, before_timestamp: "2025-10-10T14:23:00Z" } },
      ] },
      { content: "Charlie worked at Google; the channel talked about its interview loop." },
    ]);
    const { status, body } = await post(exampleConversation());
    expect(status).toBe(200);
    const offered = llm.requests[0]!.tools!.map((t) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(["get_person_summary", "get_recent_messages"]));
    const [summary, recent] = body.queries_executed;
    expect(summary).toMatchObject({ iteration: 1, tool: "get_person_summary", success: true, error: null });
    expect(summary.result_count).toBeGreaterThan(0);
    // The two latest messages before 14:23, oldest first; the one at 14:23 is not before it.
    expect(recent).toMatchObject({ iteration: 1, tool: "get_recent_messages", success: true, result_count: 2 });
    expect(body.relevant_facts.map((f: any) => f.fact)).toContain("Charlie previously worked at Google from 2019 to 2022 as a Software Engineer in Mountain View");
    const toolMessage = llm.requests[1]!.messages.filter((m) => m.role === "tool").map((m) => m.content ?? "");
    expect(toolMessage[1]).toContain("The interview loop at Google was four rounds");
    expect(toolMessage[1]).toContain("It's five now, with a design round");
    expect(toolMessage[1]).not.toContain("Lunch anyone?");
  });

  it("'If someone mentions a company/place/project, look up who else is connected': find_people_connected_to finds who attended an event, with the model and without it", async () => {
    llm.play([call("find_people_connected_to", { name: "PyCon" }), { content: "Alice and Charlie went to PyCon." }]);
    const { body } = await post(request([person("bob"), "Who else went to PyCon?"]));
    expect(body.queries_executed[0]).toMatchObject({ tool: "find_people_connected_to", success: true, result_count: 2 });
    expect(body.relevant_facts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fact: "Alice attended PyCon", type: "ATTENDED_EVENT", event: "PyCon", evidence: ["msg_600"] }),
        expect.objectContaining({ fact: "Charlie attended PyCon", type: "ATTENDED_EVENT", event: "PyCon", evidence: ["msg_601"] }),
      ]),
    );

    llm.play([{ status: 500 }]);
    const fallback = await post(request([person("bob"), "Who else went to PyCon?"]));
    expect(fallback.body.planner).toBe("deterministic");
    expect(fallback.body.queries_executed).toEqual(expect.arrayContaining([expect.objectContaining({ tool: "find_people_connected_to", query: JSON.stringify({ name: "PyCon" }), success: true })]));
    expect(fallback.body.relevant_facts.map((f: any) => f.fact)).toEqual(expect.arrayContaining(["Alice attended PyCon", "Charlie attended PyCon"]));
  });

  it("'Final Output': organization, role, duration, location, current and basis as fields; person_a and person_b; facts grouped by topic; suggested_context", async () => {
    llm.play(exampleSession());
    const { body } = await post(exampleConversation());
    const fact = (sentence: string) => body.relevant_facts.find((f: any) => f.fact === sentence);
    expect(fact("Charlie previously worked at Google from 2019 to 2022 as a Software Engineer in Mountain View")).toMatchObject({
      type: "PREVIOUSLY", person: "Charlie", organization: "Google", role: "Software Engineer", duration: "2019-2022", location: "Mountain View", confidence: 0.92, evidence: ["msg_456"],
    });
    expect(fact("Dana works at Google as a Product Manager in San Francisco")).toMatchObject({
      type: "WORKS_AT", person: "Dana", organization: "Google", role: "Product Manager", current: true, location: "San Francisco", confidence: 0.92, evidence: ["msg_789"],
    });
    expect(fact("Alice is close to Charlie")).toMatchObject({ type: "CLOSE_TO", person_a: "Alice", person_b: "Charlie", basis: "collaborate weekly", confidence: 0.85, evidence: ["msg_234", "msg_567"] });
    // 'Group facts by person/topic': the per-person paragraphs stay (person_profiles), and the facts by what they are about.
    const google = body.facts_by_topic.find((t: any) => t.topic === "Google");
    expect(google).toMatchObject({ kind: "organization" });
    expect(google.facts).toEqual(expect.arrayContaining(["Charlie previously worked at Google from 2019 to 2022 as a Software Engineer in Mountain View", "Dana works at Google as a Product Manager in San Francisco"]));
    expect(body.facts_by_topic[0].topic).toBe("Google");
    expect(body.suggested_context).toContain("Google: ");
    expect(body.suggested_context).toContain("Charlie previously worked at Google from 2019 to 2022 as a Software Engineer in Mountain View");
    expect(body.suggested_context).toContain("Dana works at Google as a Product Manager in San Francisco");
    expect(body.contradictions).toEqual([]);
  });

  it("'Flag contradictions in retrieved facts': two homes at once come back as a contradiction, and suggested_context says so", async () => {
    llm.play([call("get_person_summary", { person_id: person("frank") }), { content: "Frank's home is unclear." }]);
    const { body } = await post(request([person("bob"), "Where does Frank live these days?"]));
    const homes = body.relevant_facts.filter((f: any) => f.type === "LIVES_IN");
    expect(homes.map((f: any) => f.place).sort()).toEqual(["Berlin", "Paris"]);
    expect(body.contradictions).toHaveLength(1);
    const [conflict] = body.contradictions;
    expect([conflict.fact_id, conflict.conflicts_with_id].sort()).toEqual(homes.map((f: any) => f.id).sort());
    expect([conflict.fact, conflict.conflicts_with].sort()).toEqual(homes.map((f: any) => f.fact).sort());
    expect(body.suggested_context).toContain(`These disagree, both are kept: ${conflict.fact} / ${conflict.conflicts_with}.`);
  });

  it("'willing to wait ~1 minute': the route runs with the THOROUGH budget, a minute and 10 s per tool, where GraphQL keeps 30 s", async () => {
    llm.play([{ content: "Nothing to look up." }]);
    const { body } = await post(request([person("alice"), "Hi"]));
    expect(body.time_budget_ms).toBe(60_000);
    expect(testConfig().retrieval).toMatchObject({ thoroughTimeBudgetMs: 60_000, thoroughToolTimeoutMs: 10_000, timeBudgetMs: 30_000 });
    llm.play([{ content: "Nothing to look up." }]);
    const viaGraphql = await graphql(`mutation ($input: RetrieveContextInput!) { retrieveContext(input: $input) { metadata { timeBudgetMs } } }`, { input: { messages: [{ content: "Hi" }] } });
    expect(viaGraphql.data!.retrieveContext.metadata.timeBudgetMs).toBe(30_000);
  });

  it("'Give examples: include 2-3 example retrieval sessions': the model's instructions hold example sessions written for the gateway's tools", async () => {
    llm.play([{ content: "Nothing to look up." }]);
    await post(request([person("alice"), "Hi"]));
    const system = llm.requests[0]!.messages[0]!;
    expect(system.role).toBe("system");
    expect(system.content).toContain("Example session 1.");
    expect(system.content).toContain("Example session 2.");
    expect(system.content).toContain('find_people_connected_to({"name":"Apollo"})');
    expect(system.content).toMatch(/Reply \(no tool calls\): /);
  });
});
