import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokensOf } from "../../../src/memory/context/tokens.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

let t: TokenGateway;
let kublai: ReturnType<TokenGateway["caller"]>;
let mongke: ReturnType<TokenGateway["caller"]>;
let intruder: ReturnType<TokenGateway["caller"]>;

const CONTEXT = `query ($agentId: ID!, $topic: String, $participants: [String!], $conversationId: String, $tokenBudget: Int) {
  memoryContext(agentId: $agentId, topic: $topic, participants: $participants, conversationId: $conversationId, tokenBudget: $tokenBudget) {
    text tokenCount cached generatedAt lines { section type memoryId date content }
  } }`;
const CREATE = `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`;
const link = (id: string) => ({ connect: [{ where: { node: { id: { eq: id } } } }] });

async function ok<T = Record<string, any>>(caller: ReturnType<TokenGateway["caller"]>, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await t.as<T>(caller, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
}
const context = async (caller = kublai, vars: Record<string, unknown> = {}) =>
  (await ok(caller, CONTEXT, { agentId: kublai.agentId, ...vars })).memoryContext;

let ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTokenGateway();
  kublai = t.caller("kublai");
  mongke = t.caller("mongke");
  intruder = t.caller("intruder");
  await ok(kublai, `mutation ($a: ID!) { createAgents(input: [{ id: $a, name: "Kublai", role: "orchestrator" }]) { agents { id } } }`, { a: kublai.agentId });
  await ok(mongke, `mutation ($a: ID!) { createAgents(input: [{ id: $a, name: "Möngke", role: "researcher" }]) { agents { id } } }`, { a: mongke.agentId });
  const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
  const created = await ok(kublai, CREATE, {
    input: [
      { type: "INSIGHT", content: "The message queue bottlenecks under high load", importance: 0.9, tags: ["operations"], occurredAt: day(3), agent: link(kublai.agentId) },
      { type: "LEARNING", content: "Async batching improves throughput 3x", importance: 0.75, taskId: "T-123", occurredAt: day(5), agent: link(kublai.agentId) },
      { type: "INTERACTION", content: "Worked with Möngke on performance analysis", importance: 0.6, occurredAt: day(2), agent: link(kublai.agentId), relatedAgents: link(mongke.agentId) },
      { type: "OBSERVATION", content: "Users ask about deployment before monitoring", occurredAt: day(1), agent: link(kublai.agentId) },
      { type: "OBSERVATION", content: "The shared dashboard is public knowledge", visibility: "SHARED", occurredAt: day(1), agent: link(kublai.agentId) },
    ],
  });
  const [insight, learning, interaction, observation, shared] = created.createMemories.memories.map((m: { id: string }) => m.id);
  ids = { insight, learning, interaction, observation, shared };
});
afterAll(async () => {
  await t.stop();
});

describe("memoryContext: the Discord squad's block through GraphQL", () => {
  it("gives the four sections in seed order, dated lines citing each memory, within the budget", async () => {
    const block = await context(kublai, { topic: "operations performance" });
    expect(block.text.split("\n")[0]).toBe("[Agent Memory Context - Kublai]");
    const headings = block.text.split("\n").filter((l: string) => l.endsWith(":"));
    expect(headings).toEqual(["Key Insights:", "Recent Learnings:", "Relevant Interactions:", "Recent Observations:"]);
    expect(block.text).toContain(`The message queue bottlenecks under high load (mem:${ids.insight})`);
    expect(block.text).toMatch(/^- \[\d{4}-\d{2}-\d{2}\] Async batching improves throughput 3x \(mem:[0-9a-f-]{36}\)$/m);
    expect(block.text.endsWith("Current Focus: operations performance")).toBe(true);
    expect(block.lines.map((l: { memoryId: string }) => l.memoryId)).toEqual(expect.arrayContaining(Object.values(ids)));
    expect(block.tokenCount).toBe(tokensOf(block.text));
    expect(block.tokenCount).toBeLessThanOrEqual(1000);
  });

  it("holds a tight budget: 50 tokens", async () => {
    const block = await context(kublai, { tokenBudget: 50 });
    expect(block.tokenCount).toBeLessThanOrEqual(50);
    expect(tokensOf(block.text)).toBe(block.tokenCount);
  });

  it("ranks the interaction with a participant first among observations and interactions when asked about them", async () => {
    const block = await context(kublai, { participants: ["Möngke"], tokenBudget: 2000 });
    const interactions = block.lines.filter((l: { type: string }) => l.type === "INTERACTION");
    expect(interactions[0].memoryId).toBe(ids.interaction);
  });

  it("is cached for the same request, and not for a different topic or budget", async () => {
    const first = await context(kublai, { topic: "caching check" });
    const second = await context(kublai, { topic: "caching check" });
    expect(second.cached).toBe(true);
    expect(second.text).toBe(first.text);
    expect(second.generatedAt).toBe(first.generatedAt);
    expect((await context(kublai, { topic: "another topic" })).cached).toBe(false);
    expect((await context(kublai, { topic: "caching check", tokenBudget: 999 })).cached).toBe(false);
  });

  it("is never stale after a memory is written through the gateway: the new memory appears, not from the cache", async () => {
    await context(kublai, { topic: "freshness" });
    expect((await context(kublai, { topic: "freshness" })).cached).toBe(true);
    const created = await ok(kublai, CREATE, {
      input: [{ type: "INSIGHT", content: "Freshly learned: retries need jitter", importance: 0.95, agent: link(kublai.agentId) }],
    });
    const after = await context(kublai, { topic: "freshness" });
    expect(after.cached).toBe(false);
    expect(after.lines.map((l: { memoryId: string }) => l.memoryId)).toContain(created.createMemories.memories[0].id);
  });

  it("is never stale after recordInteraction: the interaction appears, not from the cache", async () => {
    await context(kublai, { topic: "recorded" });
    const recorded = await ok(kublai, `mutation ($input: RecordInteractionInput!) { recordInteraction(input: $input) { id } }`, {
      input: { agentId: kublai.agentId, withAgents: [mongke.agentId], summary: "Planned the recorded rollout with Möngke" },
    });
    const after = await context(kublai, { topic: "recorded" });
    expect(after.cached).toBe(false);
    expect(after.lines.map((l: { memoryId: string }) => l.memoryId)).toContain(recorded.recordInteraction.id);
  });

  it("is invalidated by deleting a memory: the deleted memory disappears", async () => {
    const created = await ok(kublai, CREATE, { input: [{ type: "OBSERVATION", content: "Soon forgotten", agent: link(kublai.agentId) }] });
    const id = created.createMemories.memories[0].id;
    expect((await context(kublai, { topic: "forgetting" })).lines.map((l: { memoryId: string }) => l.memoryId)).toContain(id);
    await ok(kublai, `mutation ($id: ID!) { deleteMemories(where: { id: { eq: $id } }) { nodesDeleted } }`, { id });
    const after = await context(kublai, { topic: "forgetting" });
    expect(after.cached).toBe(false);
    expect(after.lines.map((l: { memoryId: string }) => l.memoryId)).not.toContain(id);
  });
});

describe("memoryContext shows another agent only what it may read", () => {
  it("another agent sees Kublai's SHARED memories, never its PRIVATE ones, even right after Kublai's block was cached", async () => {
    const own = await context(kublai, { topic: "privacy" });
    expect(own.lines.map((l: { memoryId: string }) => l.memoryId)).toContain(ids.insight);
    const seen = await context(intruder, { topic: "privacy" });
    expect(seen.cached).toBe(false);
    expect(seen.lines.map((l: { memoryId: string }) => l.memoryId)).toEqual([ids.shared]);
    expect(seen.text).not.toContain("bottlenecks");
    expect(seen.text).not.toContain(ids.insight);
  });

  it("an admin of the tenant sees them all", async () => {
    const admin = t.caller("admin", ["agent", "admin"]);
    const seen = await context(admin, { tokenBudget: 2000 });
    expect(seen.lines.map((l: { memoryId: string }) => l.memoryId)).toEqual(expect.arrayContaining(Object.values(ids)));
  });
});

describe("memoryContext refuses bad input with BAD_USER_INPUT naming the field", () => {
  it.each([[49], [8001]])("tokenBudget %i", async (tokenBudget) => {
    const res = await t.as(kublai, CONTEXT, { agentId: kublai.agentId, tokenBudget });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "memoryContext.tokenBudget" });
    expect(res.errors?.[0]?.message).toContain("between 50 and 8000");
  });

  it("an unknown agent, named in the message", async () => {
    const res = await t.as(kublai, CONTEXT, { agentId: "nobody-here" });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "memoryContext.agentId" });
    expect(res.errors?.[0]?.message).toContain("nobody-here");
  });

  it("an agent of another tenant is unknown here: the same id there is another agent, with an empty block of its own", async () => {
    const stranger = { ...kublai, tenantId: `${t.tenant}-other` };
    // Its own id: the caller before its first write (issue #43), so an empty block, nothing of this tenant's Kublai.
    const own = await t.as(stranger, CONTEXT, { agentId: kublai.agentId });
    expect(own.errors).toBeUndefined();
    expect((own.data as { memoryContext: { lines: unknown[] } }).memoryContext.lines).toEqual([]);
    const res = await t.as({ ...stranger, agentId: `${kublai.agentId}-x` }, CONTEXT, { agentId: kublai.agentId });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "memoryContext.agentId" });
  });
});
