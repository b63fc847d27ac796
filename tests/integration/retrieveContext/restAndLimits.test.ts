import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fails } from "../../support/gql.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { buildPeopleFixture } from "../tools/peopleFixture.js";
import { RETRIEVE, memoryServiceCases, unthrottled } from "../../../fixtures/memoryServiceCases.js";

let gw: TestGateway;
const me = uniqueAgent("retrieve-rest");
const id = (name: string) => `${me}-${name}`;
const cases = memoryServiceCases(id);
let endpoint: string;

beforeAll(async () => {
  gw = await startTestGateway(testConfig({ llm: null, limits: unthrottled(testConfig().limits) }));
  endpoint = gw.url.replace(/\/graphql$/, "/api/memory/retrieve");
  await buildPeopleFixture(gw, me);
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

const post = async (body: unknown, headers: Record<string, string> = { "x-mnemograph-agent": me }) => {
  const res = await fetch(endpoint, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

/** The chatbot memory service's example request, in its snake_case shape. */
const seedRequest = () => ({
  messages: cases.applying.map((m) => ({ author_id: m.authorId, author_name: m.authorName, content: m.content, timestamp: m.timestamp })),
  channel_id: "channel_789",
  max_facts: 30,
  max_iterations: 10,
});

describe("POST /api/memory/retrieve (the chatbot memory service's endpoint)", () => {
  it("answers the service's example request with facts in its format, a lower-case confidence and snake_case metadata", async () => {
    const { status, body } = await post(seedRequest());
    expect(status).toBe(200);
    expect(body.facts).toEqual(
      expect.arrayContaining([
        "Charlie previously worked at Google from 2019-2022 as a Software Engineer in Mountain View (confidence: 0.92, evidence: msg_456)",
        "Alice is close to Charlie (basis: collaborate weekly, confidence: 0.85, evidence: msg_234, msg_567)",
      ]),
    );
    expect(body.confidence).toBe("high");
    expect(Object.keys(body.metadata)).toEqual(
      expect.arrayContaining(["queries_executed", "facts_retrieved", "processing_time_ms", "iterations_used", "llm_tokens_used", "planner", "run_id"]),
    );
    expect(body.metadata.planner).toBe("deterministic");
    expect(body.metadata.facts_retrieved).toBe(body.facts.length);
    expect(body.structured_facts).toHaveLength(body.facts.length);
    expect(body.trace).toBeUndefined();
  });

  it("fact_format PLAIN writes facts as GraphQL does by default", async () => {
    const { status, body } = await post({ ...seedRequest(), fact_format: "plain" });
    expect(status).toBe(200);
    expect(body.facts).toEqual(expect.arrayContaining(["Alice is close to Charlie (basis: collaborate weekly, confidence 0.85, evidence msg_234, msg_567)"]));
  });

  it("POST /api/memory/retrieve/debug adds debug_info: each stage, each tool call, the reasoning", async () => {
    const res = await fetch(`${endpoint}/debug`, { method: "POST", headers: { "content-type": "application/json", "x-mnemograph-agent": me }, body: JSON.stringify(seedRequest()) });
    const body = (await res.json()) as Record<string, any>;
    expect(res.status).toBe(200);
    expect(body.facts.length).toBeGreaterThan(0);
    expect(body.debug_info.state_history.map((s: { stage: string }) => s.stage)).toEqual(expect.arrayContaining(["ANALYZE", "PLAN", "EXECUTE", "EVALUATE", "SYNTHESIZE"]));
    expect(body.debug_info.tool_calls.length).toBe(body.metadata.queries_executed);
    expect(body.debug_info.tool_calls[0]).toEqual(
      expect.objectContaining({ iteration: 1, tool: expect.any(String), arguments: expect.any(String), success: true, result_count: expect.any(Number), elapsed_ms: expect.any(Number) }),
    );
    expect(body.debug_info.reasoning_trace.at(-1)).toBe(body.reasoning);
  });

  it("every error carries a title, the code, the message and the request id (the client's x-request-id when given)", async () => {
    const res = await fetch(endpoint, { method: "POST", headers: { "content-type": "application/json", "x-mnemograph-agent": me, "x-request-id": "req_abc123" }, body: JSON.stringify({ ...seedRequest(), max_facts: 0 }) });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-request-id")).toBe("req_abc123");
    expect(await res.json()).toEqual({
      error: "Bad request",
      code: "BAD_USER_INPUT",
      message: expect.stringMatching(/maxFacts/),
      field: "RetrieveContextInput.maxFacts",
      request_id: "req_abc123",
    });
    const malformed = await post("{not json");
    expect(malformed).toMatchObject({ status: 400, body: { error: "Bad request", code: "BAD_USER_INPUT", request_id: expect.any(String) } });
  });

  it("debug: true returns the trace", async () => {
    const { status, body } = await post({ ...seedRequest(), debug: true });
    expect(status).toBe(200);
    expect(body.trace.map((s: { stage: string }) => s.stage)).toContain("EXECUTE");
  });

  it("refuses bad input with 400, the code and the field", async () => {
    const zero = await post({ ...seedRequest(), max_facts: 0 });
    expect(zero).toMatchObject({ status: 400, body: { code: "BAD_USER_INPUT", field: "RetrieveContextInput.maxFacts" } });
    expect(zero.body.message).toMatch(/maxFacts/);
    const none = await post({ messages: [] });
    expect(none).toMatchObject({ status: 400, body: { code: "BAD_USER_INPUT", field: "RetrieveContextInput.messages" } });
    expect((await post("[1, 2]")).status).toBe(400);
    expect((await post({ messages: [{ author_id: "u", content: 42 }] })).status).toBe(400);
  });
});

describe("retrieveContext input limits: BAD_USER_INPUT naming the field, nothing recorded", () => {
  const attempt = (input: Record<string, unknown>) => fails(gw, RETRIEVE, { input: { messages: cases.python, ...input } }, me);

  it.each([
    ["maxFacts 0", { maxFacts: 0 }, "RetrieveContextInput.maxFacts", /maxFacts.*1/],
    ["maxFacts 101", { maxFacts: 101 }, "RetrieveContextInput.maxFacts", /maxFacts.*100/],
    ["maxIterations 21", { maxIterations: 21 }, "RetrieveContextInput.maxIterations", /maxIterations.*20/],
    ["maxIterations 0", { maxIterations: 0 }, "RetrieveContextInput.maxIterations", /maxIterations.*1/],
    ["no messages", { messages: [] }, "RetrieveContextInput.messages", /at least one message/],
    ["content of 5,001 characters", { messages: [{ authorId: "u", content: "x".repeat(5001) }] }, "RetrieveMessageInput.content", /content.*5000/],
    ["51 messages", { messages: Array.from({ length: 51 }, () => ({ content: "hi" })) }, "RetrieveContextInput.messages", /messages.*50/],
    ["blank content", { messages: [{ content: "   " }] }, "RetrieveMessageInput.content", /content must not be empty/],
  ])("%s is refused", async (_name, input, field, message) => {
    const error = await attempt(input);
    expect(error.code).toBe("BAD_USER_INPUT");
    expect(error.field).toBe(field);
    expect(error.message).toMatch(message);
  });

  it("a refused request leaves no RetrievalRun behind", async () => {
    const before = await gw.driver.executeQuery("MATCH (r:RetrievalRun {ownerId: $me}) RETURN count(r) AS n", { me });
    await attempt({ maxFacts: 0 });
    await attempt({ messages: [] });
    const after = await gw.driver.executeQuery("MATCH (r:RetrievalRun {ownerId: $me}) RETURN count(r) AS n", { me });
    expect(after.records[0]!.get("n").toNumber()).toBe(before.records[0]!.get("n").toNumber());
  });
});

describe("REST access", () => {
  let tg: TokenGateway;
  beforeAll(async () => {
    tg = await startTokenGateway();
  });
  afterAll(async () => {
    await tg.stop();
  });

  it("without a token the REST endpoint answers 401 UNAUTHENTICATED", async () => {
    const res = await fetch(tg.gw.url.replace(/\/graphql$/, "/api/memory/retrieve"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(seedRequest()) });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "Unauthorized", code: "UNAUTHENTICATED", request_id: expect.any(String) });
  });
});
