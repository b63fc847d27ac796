import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { buildPeopleFixture } from "../tools/peopleFixture.js";
import { RETRIEVE, memoryServiceCases, unthrottled } from "../../../fixtures/memoryServiceCases.js";

let gw: TestGateway;
const me = uniqueAgent("retrieve-det");
const id = (name: string) => `${me}-${name}`;
const cases = memoryServiceCases(id);

beforeAll(async () => {
  gw = await startTestGateway(testConfig({ llm: null, limits: unthrottled(testConfig().limits) }));
  await buildPeopleFixture(gw, me);
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

// maxFacts at its ceiling unless a case sets it: the suite's files share one tenant with auth off, and other
// files' people at the same "Google" or with the same skills must not push this file's facts out of the default 30.
const retrieve = async (messages: unknown[], extra: Record<string, unknown> = {}) =>
  (await ok(gw, RETRIEVE, { input: { messages, maxFacts: 100, ...extra } }, me)).retrieveContext;
/** Facts about this test's people only (other suites' people may share the database). */
const mine = (r: { structuredFacts: { subjectId: string }[] }): any[] => r.structuredFacts.filter((f) => f.subjectId.startsWith(me));

describe("retrieveContext with the deterministic planner (no LLM configured), the chatbot memory service's cases", () => {
  it('"Who knows Python?" finds Alice with her proficiency and evidence', async () => {
    const r = await retrieve(cases.python);
    const python = mine(r).find((f: any) => f.relation === "HAS_SKILL" && f.object === "Python");
    expect(python).toMatchObject({ subject: "Alice", confidence: 0.9, evidence: ["msg_003"] });
    expect(r.facts).toContain(python.text);
    expect(python.text).toBe("Alice knows Python (proficiency: expert, 5 years of experience, confidence 0.9, evidence msg_003)");
    expect(r.metadata).toMatchObject({ planner: "DETERMINISTIC", fallbackReason: null, llmTokensUsed: 0, stopReason: "DONE" });
    expect(r.metadata.queriesExecuted).toBeGreaterThan(0);
    expect(r.trace).toBeNull();
  });

  it('"Anyone work at Google?" finds current and past employees with roles, places and dates', async () => {
    const r = await retrieve(cases.google);
    const texts = mine(r).map((f: any) => f.text);
    expect(texts).toContain("Charlie previously worked at Google from 2019 to 2022 as a Software Engineer in Mountain View (confidence 0.92, evidence msg_456)");
    expect(texts).toContain("Alice works at Google as a Software Engineer in San Francisco (confidence 0.95, evidence msg_001, msg_002)");
    expect(texts).toContain("Dana works at Google as a Product Manager in San Francisco (confidence 0.92, evidence msg_789)");
    // Google is what was asked: its facts rank above everything else of the fixture.
    const google = mine(r).filter((f: any) => f.object === "Google");
    expect(mine(r).slice(0, google.length).every((f: any) => f.object === "Google")).toBe(true);
    expect(r.confidence).toBe("HIGH");
  });

  it("the Alice/Bob/Charlie conversation: Charlie's Google history, Dana at Google now, Alice close to Charlie", async () => {
    const r = await retrieve(cases.applying, { debug: true, channelId: "channel_789" });
    const facts = mine(r);
    expect(facts).toContainEqual(expect.objectContaining({ subject: "Charlie", relation: "PREVIOUSLY", object: "Google", current: false }));
    expect(facts).toContainEqual(expect.objectContaining({ subject: "Dana", relation: "WORKS_AT", object: "Google", current: true }));
    const close = facts.find((f: any) => f.relation === "CLOSE_TO");
    expect(close.text).toBe("Alice is close to Charlie (basis: collaborate weekly, confidence 0.85, evidence msg_234, msg_567)");
    // One fact per (subject, relation, object), even though profiles, organisation and relationship tools all return some of them.
    const keys = facts.map((f: any) => `${f.subjectId}|${f.relation}|${f.object}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(r.profiles.map((p: any) => p.name)).toEqual(expect.arrayContaining(["Alice", "Bob", "Charlie"]));
    expect(r.confidence).toBe("HIGH");
    // debug: the whole trace, stage by stage, with every call's arguments, size and time.
    expect(r.trace.map((s: any) => s.stage)).toEqual(["ANALYZE", "PLAN", "EXECUTE", "EVALUATE", "PLAN", "EXECUTE", "EVALUATE", "PLAN", "SYNTHESIZE"]);
    const calls = r.trace.flatMap((s: any) => s.toolCalls);
    expect(calls.map((c: any) => c.tool)).toEqual(expect.arrayContaining(["person_profile", "find_people_by_organization", "get_relationships_between"]));
    expect(calls.find((c: any) => c.tool === "find_people_by_organization").arguments).toBe(JSON.stringify({ organization: "Google" }));
    expect(calls.every((c: any) => c.ok && c.elapsedMs >= 0 && c.resultSize >= 0)).toBe(true);
    expect(r.metadata.queriesExecuted).toBe(calls.length);
    expect(r.metadata.iterationsUsed).toBe(2);
  });

  it('"Does anyone speak Klingon?" returns no facts, low confidence and no error', async () => {
    const r = await retrieve(cases.klingon);
    expect(mine(r)).toEqual([]);
    expect(r.confidence).toBe("LOW");
    expect(r.metadata.stopReason).toBe("DONE");
  });

  it("maxFacts cuts the ranked list", async () => {
    const r = await retrieve(cases.applying, { maxFacts: 2 });
    expect(r.facts).toHaveLength(2);
    expect(r.metadata.factsRetrieved).toBe(2);
  });

  it("records every run as a RetrievalRun the caller can read back", async () => {
    const r = await retrieve(cases.google, { channelId: "channel_789" });
    // The answer does not wait for the record: it is written a moment later.
    const read = async () =>
      (await ok(gw, `query ($id: ID!) { retrievalRuns(where: { id: { eq: $id } }) { id ownerId channelId planner stopReason confidence iterationsUsed queriesExecuted facts steps conversation } }`, { id: r.metadata.runId }, me))
        .retrievalRuns as any[];
    let retrievalRuns = await read();
    for (const end = Date.now() + 5000; retrievalRuns.length === 0 && Date.now() < end; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      retrievalRuns = await read();
    }
    expect(retrievalRuns).toHaveLength(1);
    const run = retrievalRuns[0];
    expect(run).toMatchObject({ ownerId: me, channelId: "channel_789", planner: "DETERMINISTIC", confidence: r.confidence, queriesExecuted: r.metadata.queriesExecuted, facts: r.facts });
    expect(JSON.parse(run.conversation)[0].content).toBe("Anyone work at Google?");
    const steps = JSON.parse(run.steps);
    expect(steps.flatMap((s: any) => s.toolCalls).map((c: any) => c.tool)).toContain("find_people_by_organization");
  });
});
