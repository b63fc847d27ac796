import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LlmConfig } from "../../../src/config/config.js";
import { ok } from "../../support/gql.js";
import { startScriptedLlm, type ReceivedRequest, type ScriptedLlm } from "../../../fixtures/scriptedLlm.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { buildPeopleFixture } from "../tools/peopleFixture.js";
import { RETRIEVE, memoryServiceCases, unthrottled } from "../../../fixtures/memoryServiceCases.js";

let gw: TestGateway;
let llm: ScriptedLlm;
const me = uniqueAgent("retrieve-llm");
const id = (name: string) => `${me}-${name}`;
const cases = memoryServiceCases(id);

const llmConfig = (baseUrl: string, overrides: Partial<LlmConfig> = {}): LlmConfig => ({
  baseUrl, apiKey: "test-key", model: "scripted-model", timeoutMs: 500, maxRetries: 2, breakerThreshold: 100, breakerCoolDownMs: 60_000, ...overrides,
});

beforeAll(async () => {
  llm = await startScriptedLlm();
  // A tool call may take its time: on a loaded machine a search's first embedding or a profile passed the 5 s default,
  // and these tests are about the planner, not the tool timeout (tests/unit/retrieveContext/executeCall.test.ts).
  const retrieval = { ...testConfig().retrieval, toolTimeoutMs: 60_000 };
  gw = await startTestGateway(testConfig({ llm: llmConfig(llm.baseUrl), limits: unthrottled(testConfig().limits), retrieval }));
  await buildPeopleFixture(gw, me);
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
  await llm.close();
});

const retrieve = async (messages: unknown[], extra: Record<string, unknown> = {}, gateway = gw) =>
  (await ok(gateway, RETRIEVE, { input: { messages, ...extra } }, me)).retrieveContext;
const mine = (r: { structuredFacts: { subjectId: string }[] }): any[] => r.structuredFacts.filter((f) => f.subjectId.startsWith(me));
const toolMessages = (req: ReceivedRequest) => req.messages.filter((m) => m.role === "tool");

describe("retrieveContext with the LLM planner (scripted OpenAI-compatible model), the chatbot memory service's cases", () => {
  it('"Who knows Python?": the model calls find_people_by_skill, reads the result, and finishes', async () => {
    llm.play([{ calls: [{ name: "find_people_by_skill", arguments: { skill: "Python" } }] }, { content: "Alice is the Python expert." }]);
    const r = await retrieve(cases.python);
    expect(mine(r).find((f) => f.relation === "HAS_SKILL")).toMatchObject({ subject: "Alice", object: "Python", evidence: ["msg_003"] });
    expect(r.metadata).toMatchObject({ planner: "LLM", fallbackReason: null, llmTokensUsed: 200, iterationsUsed: 1, queriesExecuted: 1, stopReason: "DONE" });
    expect(r.reasoning).toContain("Alice is the Python expert.");
    // The model was given the tools with their JSON schemas, and then the tool's result under its call id.
    const [first, second] = llm.requests;
    expect(first!.model).toBe("scripted-model");
    const skillTool = first!.tools!.find((t) => t.function.name === "find_people_by_skill")!;
    expect(skillTool.function.parameters).toMatchObject({ type: "object", properties: { skill: { type: "string" } }, required: ["skill"] });
    expect(first!.messages[0]!.role).toBe("system");
    expect(first!.messages[1]!.content).toContain("Who knows Python?");
    expect(toolMessages(second!)).toHaveLength(1);
    expect(toolMessages(second!)[0]!.content).toContain('"skill":"Python"');
  });

  it('"Anyone work at Google?": current and past employees', async () => {
    llm.play([{ calls: [{ name: "find_people_by_organization", arguments: { organization: "Google" } }] }, { content: "Three people." }]);
    const r = await retrieve(cases.google);
    const texts = mine(r).map((f) => f.text);
    expect(texts).toContain("Charlie previously worked at Google from 2019 to 2022 as a Software Engineer in Mountain View (confidence 0.92, evidence msg_456)");
    expect(texts).toContain("Dana works at Google as a Product Manager in San Francisco (confidence 0.92, evidence msg_789)");
    expect(r.metadata.planner).toBe("LLM");
  });

  it("the Alice/Bob/Charlie conversation: three tool calls in one model turn run concurrently and all come back", async () => {
    llm.play([
      {
        calls: [
          { name: "person_profile", arguments: { person_id: id("charlie") } },
          { name: "find_people_by_organization", arguments: { organization: "Google", current_only: true } },
          { name: "get_relationships_between", arguments: { person_a_id: id("alice"), person_b_id: id("charlie") } },
        ],
      },
      { content: "Charlie worked at Google; Dana is there now; Alice is close to Charlie." },
    ]);
    // maxFacts at its ceiling: the suite's files share one tenant with auth off, and the other files' people
    // at "Google" (the same org node) must not push this file's facts out of the default 30.
    const r = await retrieve(cases.applying, { debug: true, maxFacts: 100 });
    const facts = mine(r);
    expect(facts).toContainEqual(expect.objectContaining({ subject: "Charlie", relation: "PREVIOUSLY", object: "Google" }));
    expect(facts).toContainEqual(expect.objectContaining({ subject: "Dana", relation: "WORKS_AT", object: "Google", current: true }));
    expect(facts).toContainEqual(expect.objectContaining({ subject: "Alice", relation: "CLOSE_TO", object: "Charlie" }));
    const second = llm.requests[1]!;
    const callIds = llm.requests.length && second.messages.find((m) => m.role === "assistant")!.tool_calls!.map((c) => c.id);
    expect(toolMessages(second).map((m) => m.tool_call_id)).toEqual(callIds);
    expect(r.trace.filter((s: any) => s.stage === "EXECUTE")).toHaveLength(1);
    expect(r.trace.find((s: any) => s.stage === "EXECUTE").toolCalls).toHaveLength(3);
    expect(r.metadata).toMatchObject({ planner: "LLM", iterationsUsed: 1, queriesExecuted: 3 });
    // The participants and the people named were handed to the model with their ids.
    expect(llm.requests[0]!.messages[1]!.content).toContain(`person id ${id("charlie")}`);
  });

  it('"Does anyone speak Klingon?": nothing found, low confidence, no error', async () => {
    llm.play([{ calls: [{ name: "find_people_by_skill", arguments: { skill: "Klingon" } }] }, { content: "Nobody speaks Klingon." }]);
    const r = await retrieve(cases.klingon);
    expect(mine(r)).toEqual([]);
    expect(r.confidence).toBe("LOW");
    expect(r.metadata).toMatchObject({ planner: "LLM", fallbackReason: null });
  });
});

describe("the loop's old tool names, kept as deprecated aliases of the MCP names", () => {
  it("a model that calls get_person_profile and search_memories is answered; it was offered person_profile and memory_search, and the trace names those", async () => {
    llm.play([
      {
        calls: [
          { name: "get_person_profile", arguments: { person_id: id("charlie") } },
          { name: "search_memories", arguments: { query: "Google" } },
        ],
      },
      { content: "Charlie worked at Google." },
    ]);
    const r = await retrieve(cases.applying, { debug: true, maxFacts: 100 });
    const offered = llm.requests[0]!.tools!.map((t) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(["person_profile", "memory_search"]));
    expect(offered).not.toContain("get_person_profile");
    expect(offered).not.toContain("search_memories");
    const calls = r.trace.flatMap((s: any) => s.toolCalls);
    expect(calls.map((c: any) => [c.tool, c.ok])).toEqual([["person_profile", true], ["memory_search", true]]);
    // The profile ran: Charlie's past at Google is among the facts, and both results went back to the model.
    expect(mine(r)).toContainEqual(expect.objectContaining({ subject: "Charlie", relation: "PREVIOUSLY", object: "Google" }));
    expect(toolMessages(llm.requests[1]!).map((m) => m.content!.startsWith('{"error"'))).toEqual([false, false]);
  });
});

describe("cypher_query in the loop (the caller is an admin: MNEMOGRAPH_AUTH=off)", () => {
  it("reads through the read-only tool; a write is refused back to the model and the database is unchanged", async () => {
    const count = async () => (await gw.driver.executeQuery("MATCH (n:Injected) // whole database: the refused write would have made one, and no other file makes any\nRETURN count(n) AS n")).records[0]!.get("n").toNumber();
    const before = await count();
    llm.play((req, i) => {
      if (i === 0) {
        expect(req.tools!.map((t) => t.function.name)).toContain("cypher_query");
        return {
          calls: [
            { name: "cypher_query", arguments: { query: "MATCH (p:Person {id: $id})-[:HAS_SKILL]->(s) RETURN s.name AS skill", params: { id: id("alice") } } },
            { name: "cypher_query", arguments: { query: "CREATE (n:Injected {at: 1}) RETURN n" } },
          ],
        };
      }
      const [read, write] = toolMessages(req).map((m) => JSON.parse(m.content!));
      expect(read.rows).toEqual([{ skill: "Python" }]);
      expect(write.error).toMatch(/^cypher_query: /);
      return { content: "Alice knows Python." };
    });
    const r = await retrieve(cases.python);
    expect(r.metadata).toMatchObject({ planner: "LLM", queriesExecuted: 2 });
    expect(llm.requests).toHaveLength(2);
    expect(await count()).toBe(before);
  });
});

describe("retrieveContext when the model misbehaves: the run ends within its limits, useful, and says so", () => {
  it("a model that does not answer within the timeout: the deterministic planner takes over", async () => {
    llm.play([{ content: "too late", delayMs: 3000 }]);
    const r = await retrieve(cases.google);
    expect(r.metadata.planner).toBe("DETERMINISTIC");
    expect(r.metadata.fallbackReason).toBe("the model did not answer within 500 ms");
    expect(mine(r).map((f) => f.subject)).toEqual(expect.arrayContaining(["Alice", "Charlie", "Dana"]));
    // One attempt and the client's two retries, each timed out.
    expect(llm.requests).toHaveLength(3);
    expect(r.reasoning).toContain("Fell back to the deterministic planner");
  });

  it("HTTP 500s: retried with backoff, then the fallback answers", async () => {
    llm.play([{ status: 500 }]);
    const r = await retrieve(cases.python);
    expect(llm.requests).toHaveLength(3);
    expect(r.metadata).toMatchObject({ planner: "DETERMINISTIC", fallbackReason: "the model endpoint answered HTTP 500" });
    expect(mine(r).find((f) => f.relation === "HAS_SKILL")?.subject).toBe("Alice");
  });

  it("a 429 is retried and the run goes on with the model", async () => {
    llm.play([{ status: 429 }, { calls: [{ name: "find_people_by_skill", arguments: { skill: "Python" } }] }, { content: "done" }]);
    const r = await retrieve(cases.python);
    expect(r.metadata).toMatchObject({ planner: "LLM", fallbackReason: null });
    expect(llm.requests).toHaveLength(3);
  });

  it("malformed and invalid tool arguments go back to the model as tool errors, and it corrects them", async () => {
    llm.play((req, i) => {
      if (i === 0) return { calls: [{ name: "find_people_by_skill", arguments: "{skill: Python" }, { name: "find_people_by_skill", arguments: { skill: 42 } }] };
      if (i === 1) {
        const errors = toolMessages(req).map((m) => JSON.parse(m.content!).error as string);
        expect(errors[0]).toMatch(/^arguments are not valid JSON/);
        expect(errors[1]).toMatch(/^invalid arguments for find_people_by_skill: skill: /);
        return { calls: [{ name: "find_people_by_skill", arguments: { skill: "Python" } }] };
      }
      return { content: "Alice knows Python." };
    });
    const r = await retrieve(cases.python, { debug: true });
    expect(r.metadata).toMatchObject({ planner: "LLM", fallbackReason: null, iterationsUsed: 2 });
    expect(mine(r).find((f) => f.relation === "HAS_SKILL")?.subject).toBe("Alice");
    const calls = r.trace.flatMap((s: any) => s.toolCalls);
    expect(calls.map((c: any) => c.ok)).toEqual([false, false, true]);
    expect(llm.requests).toHaveLength(3);
  });

  it("an unknown tool name is answered with the list of tools, not a crash", async () => {
    llm.play((req, i) => {
      if (i === 0) return { calls: [{ name: "drop_database", arguments: {} }] };
      expect(JSON.parse(toolMessages(req)[0]!.content!).error).toMatch(/^unknown tool "drop_database"; the tools are person_profile, /);
      return { content: "Sorry." };
    });
    const r = await retrieve(cases.klingon);
    expect(r.metadata).toMatchObject({ planner: "LLM", queriesExecuted: 1 });
    expect(r.confidence).toBe("LOW");
  });

  it("a model that never says it is done: after its share of rounds the fallback finishes within maxIterations", async () => {
    llm.play((_req, i) => ({ calls: [{ name: "find_people_by_topic", arguments: { topic: `topic ${i}` } }] }));
    const r = await retrieve(cases.google, { maxIterations: 5 });
    expect(llm.requests).toHaveLength(3);
    expect(r.metadata).toMatchObject({ planner: "DETERMINISTIC", fallbackReason: "the model did not finish within 3 rounds", iterationsUsed: 5 });
    expect(r.metadata.llmTokensUsed).toBe(300);
    expect(mine(r).map((f) => f.subject)).toEqual(expect.arrayContaining(["Alice", "Charlie", "Dana"]));
  });

  it("a model that repeats the same call: stuck on the third time, then the fallback", async () => {
    llm.play(() => ({ calls: [{ name: "person_profile", arguments: { person_id: id("bob") } }] }));
    const r = await retrieve(cases.python);
    expect(llm.requests).toHaveLength(3);
    expect(r.metadata).toMatchObject({ planner: "DETERMINISTIC", fallbackReason: "the model repeated the same tool call a third time" });
    expect(r.metadata.iterationsUsed).toBeLessThanOrEqual(10);
    expect(mine(r).find((f) => f.relation === "HAS_SKILL" && f.object === "Python")?.subject).toBe("Alice");
  });

  it("after repeated failures the circuit opens: later runs skip the model until the cool-down ends", async () => {
    const gw2 = await startTestGateway(testConfig({ llm: llmConfig(llm.baseUrl, { maxRetries: 0, breakerThreshold: 2 }), limits: unthrottled(testConfig().limits) }));
    try {
      llm.play([{ status: 503 }]);
      for (let i = 0; i < 2; i++) expect((await retrieve(cases.python, {}, gw2)).metadata.fallbackReason).toBe("the model endpoint answered HTTP 503");
      expect(llm.requests).toHaveLength(2);
      const r = await retrieve(cases.python, {}, gw2);
      expect(r.metadata.fallbackReason).toBe("the model endpoint's circuit breaker is open after repeated failures");
      expect(llm.requests).toHaveLength(2);
      expect(mine(r).find((f) => f.relation === "HAS_SKILL")?.subject).toBe("Alice");
    } finally {
      await gw2.stop();
    }
  });
});

describe("a tool that is a @cypher field (get_recent_messages: Query.recentMessages's statement in the SDL)", () => {
  it("the loop runs the field as a client would: the channel's messages in order, and an unknown channel is the field's BAD_USER_INPUT", async () => {
    const channel = id("general");
    await ok(gw, `mutation ($c: ID!) { createChannels(input: [{ id: $c, name: "general" }]) { channels { id } } }`, { c: channel }, me);
    const connect = { connect: [{ where: { node: { id: { eq: channel } } } }] };
    await ok(gw, `mutation ($input: [MessageCreateInput!]!) { createMessages(input: $input) { messages { id } } }`, {
      input: [
        { id: id("rm1"), authorId: "alice", authorName: "Alice", content: "first: the deploy is at noon", timestamp: "2025-10-10T14:01:00.000Z", channel: connect },
        { id: id("rm2"), authorId: "bob", authorName: "Bob", content: "second: moved to one", timestamp: "2025-10-10T14:02:00.000Z", channel: connect },
      ],
    }, me);
    llm.play([
      { calls: [{ name: "get_recent_messages", arguments: { channel_id: channel, limit: 5 } }, { name: "get_recent_messages", arguments: { channel_id: id("no-such-channel") } }] },
      { content: "The deploy moved." },
    ]);
    const before = llm.requests.length;
    await retrieve([{ authorId: "alice", authorName: "Alice", content: "When is the deploy?" }]);
    const [found, unknown] = toolMessages(llm.requests[before + 1]!).map((m) => String(m.content));
    expect(found).toContain("first: the deploy is at noon");
    expect(found!.indexOf("first: the deploy is at noon")).toBeLessThan(found!.indexOf("second: moved to one"));
    expect(found).toContain("2025-10-10T14:02:00.000Z");
    expect(unknown).toContain(`recentMessages.channelId: no channel \\"${id("no-such-channel")}\\" in this tenant`);
  });
});
