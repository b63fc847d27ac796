import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LlmConfig } from "../../../src/config/config.js";
import { REFLECTION_PROMPT_VERSION } from "../../../src/beliefs/reflectionPrompt.js";
import { ok } from "../../support/gql.js";
import { startScriptedLlm, type ScriptedLlm } from "../../../fixtures/scriptedLlm.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { BELIEFS, CREATE_EXPERIENCES, experiences, MEMORY_REFLECT, MEMORY_STORE } from "./beliefOps.js";

let gw: TestGateway;
let llm: ScriptedLlm;
const agents: string[] = [];
const agent = () => {
  const id = uniqueAgent("reflect-llm");
  agents.push(id);
  return id;
};

const llmConfig = (baseUrl: string): LlmConfig => ({ baseUrl, apiKey: "test-key", model: "scripted-model", timeoutMs: 2000, maxRetries: 1, breakerThreshold: 100, breakerCoolDownMs: 60_000 });

beforeAll(async () => {
  llm = await startScriptedLlm();
  gw = await startTestGateway(testConfig({ llm: llmConfig(llm.baseUrl) }));
});
afterAll(async () => {
  for (const a of agents) await removeOwnedBy(gw.driver, a);
  await gw.stop();
  await llm.close();
});

/** Two experiences and one stored belief of a fresh agent; returns their ids. */
async function setUp(me: string) {
  const { memoryStore: old } = await ok(gw, MEMORY_STORE, { content: "Deploys are safe on any day", type: "BELIEF", confidence: 0.6 }, me);
  const { createExperiences } = await ok(
    gw,
    CREATE_EXPERIENCES,
    { input: experiences([{ description: "The Friday deploy broke checkout", outcome: "FAILED" }, { description: "The Tuesday deploy went fine", outcome: "SUCCESS" }]) },
    me,
  );
  return { oldId: old.id as string, experienceIds: createExperiences.experiences.map((e: { id: string }) => e.id) as string[] };
}

describe("memoryReflect with the LLM planner (scripted OpenAI-compatible model through the real openai client)", () => {
  it("the model drafts the beliefs from a versioned prompt; its supersession keeps the chain and its contradiction is linked", async () => {
    const me = agent();
    const { oldId, experienceIds } = await setUp(me);
    const [friday, tuesday] = experienceIds;
    llm.play(() => ({
      content: JSON.stringify({
        summary: "Friday deploys are where things break.",
        insights: ["Deploy early in the week"],
        beliefs: [
          { content: "Avoid deploying on Fridays", confidence: 0.8, domains: ["deploy"], evidence: [friday, tuesday], contradicts: [oldId], supersedes: { beliefId: oldId, reason: "A Friday deploy broke checkout" } },
          { content: "Tuesday deploys are low-risk", confidence: 0.55, evidence: [tuesday] },
        ],
      }),
    }));
    const { memoryReflect: r } = await ok(gw, MEMORY_REFLECT, {}, me);
    expect(r).toMatchObject({ planner: "LLM", fallbackReason: null, promptVersion: REFLECTION_PROMPT_VERSION, content: "Friday deploys are where things break.", insightsGained: ["Deploy early in the week"] });
    expect(r.considered.map((e: { id: string }) => e.id).sort()).toEqual([...experienceIds].sort());
    const avoid = r.beliefsFormed.find((b: { content: string }) => b.content === "Avoid deploying on Fridays");
    expect(avoid).toMatchObject({ confidence: 0.8, strength: 0.4, domains: ["deploy"], visibility: "SHARED", evolvedFrom: [{ id: oldId }], contradicts: [{ id: oldId }] });
    expect(r.beliefsFormed.find((b: { content: string }) => b.content === "Tuesday deploys are low-risk")).toMatchObject({ confidence: 0.55, visibility: "PRIVATE" });
    // The old belief is kept, SUPERSEDED, with the reason on its EVOLVED_INTO edge.
    const { beliefs } = await ok(gw, BELIEFS, { ids: [oldId] }, me);
    expect(beliefs[0]).toMatchObject({ state: "SUPERSEDED", content: "Deploys are safe on any day", evolvedIntoConnection: { edges: [{ properties: { reason: "A Friday deploy broke checkout" }, node: { id: avoid.id } }] } });
    // What the model was sent: the system prompt, then the experiences and current beliefs with their ids.
    const [request] = llm.requests;
    expect(request!.model).toBe("scripted-model");
    expect(request!.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(request!.messages[1]!.content).toContain(`[${friday}] (task, outcome FAILED) The Friday deploy broke checkout`);
    expect(request!.messages[1]!.content).toContain(`[${oldId}] (confidence 0.6) Deploys are safe on any day`);
  });

  it("an answer that is not valid falls back to deterministic consolidation and says why", async () => {
    const me = agent();
    const { oldId } = await setUp(me);
    llm.play([{ content: JSON.stringify({ summary: "s", beliefs: [{ content: "made up", confidence: 0.9, evidence: ["no-such-experience"] }] }) }]);
    const { memoryReflect: r } = await ok(gw, MEMORY_REFLECT, {}, me);
    expect(r).toMatchObject({ planner: "DETERMINISTIC", promptVersion: null });
    expect(r.fallbackReason).toBe('beliefs.0.evidence cites "no-such-experience", which is not one of the experiences given');
    expect(r.considered).toHaveLength(2);
    expect(r.beliefsFormed.map((b: { content: string }) => b.content)).not.toContain("made up");
    // Nothing of the model's answer was written: the old belief is untouched.
    expect((await ok(gw, BELIEFS, { ids: [oldId] }, me)).beliefs[0]).toMatchObject({ state: "ACTIVE", evolvedInto: [] });
  });

  it("prose instead of JSON falls back too", async () => {
    const me = agent();
    await setUp(me);
    llm.play([{ content: "I believe Fridays are bad." }]);
    const { memoryReflect: r } = await ok(gw, MEMORY_REFLECT, {}, me);
    expect(r).toMatchObject({ planner: "DETERMINISTIC", fallbackReason: "the model's answer is not JSON" });
  });

  it("an endpoint that keeps failing (HTTP 500 after the client's retries) falls back, and the reflection still completes", async () => {
    const me = agent();
    await setUp(me);
    llm.play([{ status: 500 }]);
    const { memoryReflect: r } = await ok(gw, MEMORY_REFLECT, {}, me);
    expect(r).toMatchObject({ planner: "DETERMINISTIC", fallbackReason: "the model endpoint answered HTTP 500" });
    expect(llm.requests).toHaveLength(2); // the first attempt and LLM_MAX_RETRIES = 1 retry
    expect(r.beliefsFormed.length).toBeGreaterThan(0);
  });
});
