import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREATE_PEOPLE_AND_ORGS, memoryServiceGraph } from "../../fixtures/memoryServiceGraph.js";
import { unthrottled } from "../../fixtures/memoryServiceCases.js";
import { ASSERT } from "../integration/tools/peopleFixture.js";
import { startTokenGateway, type TokenGateway } from "../support/tokenGateway.js";
import { testConfig } from "../support/testGateway.js";
import type { Caller } from "../../src/core/caller.js";

/**
 * The chatbot memory service's client, played as its design notes write it:
 * a chatbot with one bearer token that posts the conversation to
 * `/api/memory/retrieve` and reads the answer by the notes' field names and
 * fact format, parsing "(…, confidence: 0.92, evidence: msg_456)" and
 * "from 2019-2022" with the expressions such a client would use. Only HTTP,
 * no GraphQL. The graph is the notes' test data (Alice, Bob, Charlie, Dana,
 * Google), written once through the API.
 */
let tg: TokenGateway;
let chatbot: Caller;
let token: string;
let origin: string;

/** What a client of the notes does with each fact string. */
const FACT = /^(?<sentence>.+?) \((?:(?<notes>.*), )?confidence: (?<confidence>[01](?:\.\d+)?)(?:, evidence: (?<evidence>[^)]+))?\)$/;
const parseFact = (text: string) => {
  const m = FACT.exec(text);
  if (!m?.groups) return null;
  return { sentence: m.groups.sentence!, confidence: Number(m.groups.confidence), evidence: m.groups.evidence?.split(", ") ?? [] };
};

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
};

const ask = (...contents: [author: string, content: string][]) => ({
  messages: contents.map(([author_id, content], i) => ({ author_id, content, timestamp: `2025-10-10T14:30:${String(i * 15).padStart(2, "0")}Z` })),
});

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "chatbot", config: { llm: null, limits: unthrottled(testConfig().limits) } });
  chatbot = tg.caller("chatbot");
  token = await tg.token(chatbot);
  origin = tg.gw.url.replace(/\/graphql$/, "");
  const { people, orgs, facts } = memoryServiceGraph(chatbot.agentId);
  expect((await tg.as(chatbot, CREATE_PEOPLE_AND_ORGS, { input: people, orgs })).errors).toBeUndefined();
  const typescript = { subject: `${chatbot.agentId}-dana`, relation: "HAS_SKILL", object: "TypeScript", confidence: 0.88, evidence: ["msg_900"], attributes: { proficiency: "expert" } };
  expect((await tg.as(chatbot, ASSERT, { facts: [...facts, typescript] })).errors).toBeUndefined();
});
afterAll(async () => {
  await tg.stop();
});

describe("the chatbot memory service's client, as its design notes write it (API specification, test cases, debug endpoint)", () => {
  it("GET /health answers the fields its health check reads: status healthy, neo4j_connected, model_loaded, version", async () => {
    const res = await fetch(`${origin}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "healthy", neo4j_connected: true, model_loaded: true, version: expect.any(String) });
  });

  it("test case 1, 'Who knows Python?': people with the skill, their proficiency and evidence", async () => {
    const { status, body } = await post("/api/memory/retrieve", ask(["user1", "Who knows Python?"]));
    expect(status).toBe(200);
    const python = body.facts.map(parseFact).filter((f: ReturnType<typeof parseFact>) => f?.sentence.includes("Python"));
    expect(python).toContainEqual({ sentence: "Alice knows Python", confidence: 0.9, evidence: ["msg_003"] });
    expect(body.facts).toContain("Alice knows Python (proficiency: expert, 5 years of experience, confidence: 0.9, evidence: msg_003)");
  });

  it("test case 2, 'Anyone work at Google?': current and past employees with roles, places and the years", async () => {
    const { body } = await post("/api/memory/retrieve", ask(["user1", "Anyone work at Google?"]));
    expect(body.facts).toEqual(
      expect.arrayContaining([
        "Alice works at Google as a Software Engineer in San Francisco (confidence: 0.95, evidence: msg_001, msg_002)",
        "Dana works at Google as a Product Manager in San Francisco (confidence: 0.92, evidence: msg_789)",
        "Charlie previously worked at Google from 2019-2022 as a Software Engineer in Mountain View (confidence: 0.92, evidence: msg_456)",
      ]),
    );
    const years = body.facts.map((f: string) => /from (\d{4})-(\d{4})/.exec(f)).find(Boolean);
    expect(years?.slice(1)).toEqual(["2019", "2022"]);
  });

  it("test case 3, several messages: Charlie's Google past, other Google employees, and who Charlie is to the speakers", async () => {
    const alice = `${chatbot.agentId}-alice`;
    const bob = `${chatbot.agentId}-bob`;
    const { body } = await post("/api/memory/retrieve", ask([alice, "I'm thinking about applying to Google"], [bob, "Didn't Charlie work there?"], [alice, "Yeah, I should ask him about it"]));
    const sentences = body.facts.map((f: string) => parseFact(f)!.sentence);
    expect(sentences).toEqual(expect.arrayContaining(["Charlie previously worked at Google from 2019-2022 as a Software Engineer in Mountain View", "Dana works at Google as a Product Manager in San Francisco"]));
    expect(sentences.some((s: string) => /Alice is close to Charlie|Bob is related to Charlie/.test(s))).toBe(true);
    expect(body.confidence).toBe("high");
  });

  it("test case 4, 'Does anyone speak Klingon?': no facts, low confidence, no error", async () => {
    const { status, body } = await post("/api/memory/retrieve", ask(["user1", "Does anyone speak Klingon?"]));
    expect(status).toBe(200);
    expect(body.facts).toEqual([]);
    expect(body.confidence).toBe("low");
    expect(body.metadata.facts_retrieved).toBe(0);
  });

  it("the end-to-end find-expert test: 'Who should I ask about TypeScript?' within the latency it allows", async () => {
    const { status, body } = await post("/api/memory/retrieve", { ...ask(["user_999", "Who should I ask about TypeScript?"]), channel_id: "test_channel", max_facts: 10, max_iterations: 5 });
    expect(status).toBe(200);
    expect(body.facts.length).toBeGreaterThan(0);
    expect(body.facts.some((f: string) => f.includes("TypeScript"))).toBe(true);
    expect(["high", "medium", "low"]).toContain(body.confidence);
    expect(body.metadata.processing_time_ms).toBeLessThan(60_000);
    // The service allows a request 30-60 s and a tool 10 s: the THOROUGH budget's defaults.
    expect(body.metadata.time_budget_ms).toBe(60_000);
    expect(body.metadata.iterations_used).toBeLessThanOrEqual(5);
  });

  it("every fact string parses with the client's expression: a sentence, a confidence in 0..1, msg_ evidence", async () => {
    const { body } = await post("/api/memory/retrieve", ask(["user1", "Who works at Google and who knows Python?"]));
    expect(body.facts.length).toBeGreaterThan(2);
    for (const text of body.facts as string[]) {
      const fact = parseFact(text);
      expect(fact, text).not.toBeNull();
      expect(fact!.confidence).toBeGreaterThan(0);
      expect(fact!.confidence).toBeLessThanOrEqual(1);
      for (const e of fact!.evidence) expect(e).toMatch(/^msg_\d+$/);
    }
  });

  it("the debug endpoint answers facts, confidence, metadata and debug_info with state_history, tool_calls and reasoning_trace", async () => {
    const { status, body } = await post("/api/memory/retrieve/debug", ask(["user1", "Anyone work at Google?"]));
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(["facts", "confidence", "metadata", "debug_info"]));
    expect(Object.keys(body.debug_info)).toEqual(["state_history", "tool_calls", "reasoning_trace"]);
    expect(body.debug_info.tool_calls.some((c: { tool: string }) => c.tool === "find_people_by_organization")).toBe(true);
  });

  it("errors: the notes' shape (error, message, request_id) for bad input, a bad token and a body that is not JSON", async () => {
    const none = await post("/api/memory/retrieve", { messages: [] }, { "x-request-id": "req_abc123" });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: "Bad request", message: expect.stringMatching(/messages/), request_id: "req_abc123" });
    const forged = await post("/api/memory/retrieve", ask(["user1", "hi"]), { authorization: "Bearer not-a-token" });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ error: "Unauthorized", message: expect.any(String), request_id: expect.any(String) });
    const broken = await post("/api/memory/retrieve", '{"messages": [');
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ error: "Bad request", message: "Request body is not valid JSON", request_id: expect.any(String) });
  });
});
