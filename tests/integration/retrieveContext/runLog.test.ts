import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { PLANNER_PROMPT_VERSION } from "../../../src/retrieveContext/planners/prompts.js";
import { RECORDED_RESULT_CHARS } from "../../../src/retrieveContext/recordedSteps.js";
import { CREATE_PEOPLE_AND_ORGS, memoryServiceGraph } from "../../../fixtures/memoryServiceGraph.js";
import { unthrottled } from "../../../fixtures/memoryServiceCases.js";
import { startScriptedLlm, type ScriptedLlm } from "../../../fixtures/scriptedLlm.js";
import { ASSERT } from "../tools/peopleFixture.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { testConfig } from "../../support/testGateway.js";

/**
 * The run log (RetrievalRun): the prompt version the LLM planner used and
 * what every tool call returned, read back by the run's owner through the
 * generated `retrievalRuns` query; and markRetrievalRun, the feedback only
 * the owner or an admin of its tenant may give. The planner is the real LLM
 * planner against the scripted OpenAI-compatible server.
 */
let tg: TokenGateway;
let llm: ScriptedLlm;
let owner: Caller;
let colleague: Caller;
let admin: Caller;

const RUN = `mutation ($input: RetrieveContextInput!) { retrieveContext(input: $input) { metadata { runId planner promptVersion fallbackReason } } }`;
const READ = `query ($id: ID!) { retrievalRuns(where: { id: { eq: $id } }) {
  id ownerId planner promptVersion fallbackReason steps facts conversation helpful feedbackNote feedbackBy feedbackAt } }`;
const MARK = `mutation ($runId: ID!, $helpful: Boolean!, $note: String) {
  markRetrievalRun(runId: $runId, helpful: $helpful, note: $note) { id ownerId helpful feedbackNote feedbackBy feedbackAt facts steps } }`;

const at = (s: number) => `2025-10-10T14:30:${String(s).padStart(2, "0")}Z`;
const google = [{ authorId: "user1", authorName: "Eve", content: "Anyone work at Google?", timestamp: at(0) }];

/** Runs retrieveContext as `caller` with the scripted model and returns the run id once its record is written. */
async function recordedRun(caller: Caller, script: Parameters<ScriptedLlm["play"]>[0]): Promise<{ runId: string; planner: string; promptVersion: string | null; fallbackReason: string | null }> {
  llm.play(script);
  const res = await tg.as(caller, RUN, { input: { messages: google, channelId: "channel_789" } });
  expect(res.errors).toBeUndefined();
  // The record is written in the background, after the answer: wait for it, not for a while.
  await tg.gw.app.background.drain();
  return res.data!.retrieveContext.metadata;
}

const readRun = async (caller: Caller, id: string) => {
  const res = await tg.as(caller, READ, { id });
  expect(res.errors).toBeUndefined();
  return res.data!.retrievalRuns as Record<string, any>[];
};

beforeAll(async () => {
  llm = await startScriptedLlm();
  tg = await startTokenGateway({
    tenantPrefix: "runlog",
    config: {
      llm: { baseUrl: llm.baseUrl, apiKey: "test-key", model: "scripted-model", timeoutMs: 500, maxRetries: 0, breakerThreshold: 100, breakerCoolDownMs: 60_000 },
      limits: unthrottled(testConfig().limits),
    },
  });
  owner = tg.caller("owner");
  colleague = tg.caller("colleague");
  admin = tg.caller("admin", ["agent", "admin"]);
  const { people, orgs, facts } = memoryServiceGraph(owner.agentId);
  expect((await tg.as(owner, CREATE_PEOPLE_AND_ORGS, { input: people, orgs })).errors).toBeUndefined();
  expect((await tg.as(owner, ASSERT, { facts })).errors).toBeUndefined();
});
afterAll(async () => {
  await tg.stop();
  await llm.close();
});

describe("the run log records the prompt version and what each tool returned", () => {
  it("an LLM run records PLANNER_PROMPT_VERSION, and each call's result as JSON text with its length", async () => {
    const run = await recordedRun(owner, [{ calls: [{ name: "find_people_by_organization", arguments: { organization: "Google" } }] }, { content: "Three people at Google." }]);
    expect(run).toMatchObject({ planner: "LLM", promptVersion: PLANNER_PROMPT_VERSION, fallbackReason: null });
    const [record] = await readRun(owner, run.runId);
    expect(record).toMatchObject({ ownerId: owner.agentId, planner: "LLM", promptVersion: PLANNER_PROMPT_VERSION, helpful: null, feedbackNote: null });
    const calls = JSON.parse(record!.steps).flatMap((s: any) => s.toolCalls);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call).toMatchObject({ tool: "find_people_by_organization", arguments: { organization: "Google" }, ok: true });
    expect(call.result.length).toBeLessThanOrEqual(RECORDED_RESULT_CHARS);
    expect(call.resultChars).toBeGreaterThanOrEqual(call.result.length);
    // What the tool returned: the people at Google, by the ids the fixture gave them.
    expect(call.result).toContain(`${owner.agentId}-dana`);
    expect(call.result).toContain(`${owner.agentId}-charlie`);
  });

  it("a run the model hands over keeps the version of the prompts it was sent; a failed call records no result", async () => {
    const run = await recordedRun(owner, [{ calls: [{ name: "no_such_tool", arguments: {} }] }, { status: 500 }]);
    expect(run).toMatchObject({ planner: "DETERMINISTIC", promptVersion: PLANNER_PROMPT_VERSION });
    expect(run.fallbackReason).toBeTruthy();
    const [record] = await readRun(owner, run.runId);
    expect(record!.promptVersion).toBe(PLANNER_PROMPT_VERSION);
    const calls = JSON.parse(record!.steps).flatMap((s: any) => s.toolCalls);
    expect(calls[0]).toMatchObject({ tool: "no_such_tool", ok: false, result: null, resultChars: 0 });
    expect(calls.slice(1).every((c: any) => !c.ok || typeof c.result === "string")).toBe(true);
  });

  it("the recorded content stays immutable: a generated update cannot set the prompt version, the steps or the feedback", async () => {
    const run = await recordedRun(owner, [{ content: "Nothing to look up." }]);
    for (const field of ["promptVersion: \"forged\"", "steps: \"[]\"", "helpful: true", "feedbackNote: \"forged\""]) {
      const res = await tg.as(owner, `mutation ($id: ID!) { updateRetrievalRuns(where: { id: { eq: $id } }, update: { ${field} }) { retrievalRuns { id } } }`, { id: run.runId });
      // Refused by validation: the update input has no such field.
      expect(res.errors?.[0]?.extensions?.code, field).toBe("BAD_USER_INPUT");
      expect(res.errors?.[0]?.message, field).toContain(field.split(":")[0]);
    }
    const [record] = await readRun(owner, run.runId);
    expect(record).toMatchObject({ promptVersion: PLANNER_PROMPT_VERSION, helpful: null, feedbackNote: null });
    expect(record!.steps).not.toBe("[]");
  });
});

describe("markRetrievalRun: the run's owner or an admin of its tenant marks it helpful or not", () => {
  it("the owner marks a run, and marking again replaces the mark; what was recorded is unchanged", async () => {
    const run = await recordedRun(owner, [{ calls: [{ name: "find_people_by_skill", arguments: { skill: "Python" } }] }, { content: "Alice." }]);
    const [before] = await readRun(owner, run.runId);
    const first = await tg.as(owner, MARK, { runId: run.runId, helpful: false, note: "missed Dana" });
    expect(first.errors).toBeUndefined();
    expect(first.data!.markRetrievalRun).toMatchObject({ id: run.runId, helpful: false, feedbackNote: "missed Dana", feedbackBy: owner.agentId, feedbackAt: expect.any(String) });
    const second = await tg.as(owner, MARK, { runId: run.runId, helpful: true });
    expect(second.data!.markRetrievalRun).toMatchObject({ helpful: true, feedbackNote: null });
    const [after] = await readRun(owner, run.runId);
    expect(after).toMatchObject({ helpful: true, facts: before!.facts, steps: before!.steps, conversation: before!.conversation, promptVersion: before!.promptVersion });
  });

  it("an admin of the tenant may mark another agent's run", async () => {
    const run = await recordedRun(owner, [{ content: "Nothing." }]);
    const res = await tg.as(admin, MARK, { runId: run.runId, helpful: true, note: "reviewed" });
    expect(res.errors).toBeUndefined();
    expect(res.data!.markRetrievalRun).toMatchObject({ ownerId: owner.agentId, helpful: true, feedbackBy: admin.agentId });
  });

  it("another agent of the tenant: NOT_FOUND for a private run, FORBIDDEN for one shared with it; nothing is written", async () => {
    const run = await recordedRun(owner, [{ content: "Nothing." }]);
    const hidden = await tg.as(colleague, MARK, { runId: run.runId, helpful: false });
    expect(hidden.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const share = await tg.as(owner, `mutation ($id: ID!, $to: [String!]!) { updateRetrievalRuns(where: { id: { eq: $id } }, update: { sharedWith: { set: $to } }) { retrievalRuns { id } } }`, { id: run.runId, to: [colleague.agentId] });
    expect(share.errors).toBeUndefined();
    const shared = await tg.as(colleague, MARK, { runId: run.runId, helpful: false });
    expect(shared.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const [record] = await readRun(owner, run.runId);
    expect(record).toMatchObject({ helpful: null, feedbackBy: null });
  });

  it("an agent or admin of another tenant: NOT_FOUND, the run's existence not given away", async () => {
    const run = await recordedRun(owner, [{ content: "Nothing." }]);
    const stranger: Caller = { tenantId: `${tg.tenant}-other`, agentId: owner.agentId, roles: ["agent", "admin"] };
    const res = await tg.as(stranger, MARK, { runId: run.runId, helpful: true });
    expect(res.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await readRun(owner, run.runId))[0]).toMatchObject({ helpful: null });
  });

  it("bad input is BAD_USER_INPUT naming the argument and the limit; an unknown run is NOT_FOUND", async () => {
    const run = await recordedRun(owner, [{ content: "Nothing." }]);
    const long = await tg.as(owner, MARK, { runId: run.runId, helpful: true, note: "x".repeat(2001) });
    expect(long.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "markRetrievalRun.note" });
    expect(long.errors?.[0]?.message).toContain("2000");
    const empty = await tg.as(owner, MARK, { runId: " ", helpful: true });
    expect(empty.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "markRetrievalRun.runId" });
    const unknown = await tg.as(owner, MARK, { runId: "no-such-run", helpful: true });
    expect(unknown.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await readRun(owner, run.runId))[0]).toMatchObject({ helpful: null });
  });
});
