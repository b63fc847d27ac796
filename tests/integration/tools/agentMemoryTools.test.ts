import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ID_PATTERN } from "../../../src/core/caller.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

type Caller = ReturnType<TokenGateway["caller"]>;
let t: TokenGateway;
let kublai: Caller;
let mongke: Caller;
let chagatai: Caller;
let intruder: Caller;
let ids: Record<string, string> = {};
let taskId: string;

const link = (...agentIds: string[]) => ({ connect: agentIds.map((id) => ({ where: { node: { id: { eq: id } } } })) });
const MEMORY = "id type content importance tags involvedAgentIds relevance visibility";

async function ok<T = Record<string, any>>(caller: Caller, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await t.as<T>(caller, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
}

beforeAll(async () => {
  t = await startTokenGateway();
  kublai = t.caller("kublai");
  mongke = t.caller("mongke");
  chagatai = t.caller("chagatai");
  intruder = t.caller("intruder");
  for (const [who, name] of [[kublai, "Kublai"], [mongke, "Möngke"], [chagatai, "Chagatai"]] as const) {
    await ok(who, `mutation ($a: ID!, $n: String!) { createAgents(input: [{ id: $a, name: $n, role: "agent" }]) { agents { id } } }`, { a: who.agentId, n: name });
  }
  taskId = (await ok(kublai, `mutation { createTasks(input: [{ taskType: OPS, description: "Fix the message queue bottleneck under load" }]) { tasks { id } } }`)).createTasks.tasks[0].id;
  const ago = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
  const me = link(kublai.agentId);
  const created = await ok(kublai, `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`, {
    input: [
      { type: "INSIGHT", content: "The message queue bottlenecks under high load", importance: 0.9, tags: ["operations"], occurredAt: ago(3), agent: me },
      { type: "INSIGHT", content: "Users often ask about X before understanding Y", importance: 0.85, tags: ["research"], occurredAt: ago(40), agent: me },
      { type: "LEARNING", content: "Async batching improves queue throughput 3x", importance: 0.75, taskId, tags: ["code"], occurredAt: ago(5), agent: me },
      { type: "LEARNING", content: "Retry with exponential backoff", importance: 0.7, tags: ["code"], occurredAt: ago(8), agent: me },
      { type: "INTERACTION", content: "Worked with Möngke on performance analysis", importance: 0.6, occurredAt: ago(2), agent: me, relatedAgents: link(mongke.agentId) },
      { type: "INTERACTION", content: "Discussed deployment with Möngke and Chagatai", importance: 0.6, occurredAt: ago(1), agent: me, relatedAgents: link(mongke.agentId, chagatai.agentId) },
      { type: "OBSERVATION", content: "The dashboard shows queue depth", importance: 0.5, visibility: "SHARED", occurredAt: ago(1), agent: me },
    ],
  });
  const names = ["insight", "oldInsight", "learning", "retry", "withMongke", "withBoth", "shared"];
  ids = Object.fromEntries(created.createMemories.memories.map((m: { id: string }, i: number) => [names[i], m.id]));
});
afterAll(async () => {
  await t.stop();
});

describe("agentMemories (get_agent_memories)", () => {
  it("lists one type, most important first, within the limit", async () => {
    const data = await ok(kublai, `query ($a: ID!) { agentMemories(agentId: $a, type: INSIGHT, limit: 5) { ${MEMORY} } }`, { a: kublai.agentId });
    expect(data.agentMemories.map((m: { id: string }) => m.id)).toEqual([ids.insight, ids.oldInsight]);
    const one = await ok(kublai, `query ($a: ID!) { agentMemories(agentId: $a, limit: 1) { id } }`, { a: kublai.agentId });
    expect(one.agentMemories).toEqual([{ id: ids.insight }]);
  });

  it("another agent sees only the SHARED memory", async () => {
    const data = await ok(intruder, `query ($a: ID!) { agentMemories(agentId: $a, limit: 100) { id } }`, { a: kublai.agentId });
    expect(data.agentMemories).toEqual([{ id: ids.shared }]);
  });

  it("refuses limit 0 and 101, and an unknown agent, naming the argument", async () => {
    for (const limit of [0, 101]) {
      const res = await t.as(kublai, `query ($a: ID!, $l: Int) { agentMemories(agentId: $a, limit: $l) { id } }`, { a: kublai.agentId, l: limit });
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "agentMemories.limit" });
    }
    const res = await t.as(kublai, `{ agentMemories(agentId: "ghost") { id } }`);
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "agentMemories.agentId" });
  });
});

describe("memoriesForConversation (get_memories_for_conversation)", () => {
  it("sorts the memories into categories, keeps topic matches or important ones, and only interactions with the participants", async () => {
    const data = await ok(
      kublai,
      `query ($a: ID!) { memoriesForConversation(agentId: $a, topicKeywords: ["code"], interactingWith: ["Chagatai"], limit: 20) {
        insights { id } learnings { id relevance } interactions { id } observations { id } } }`,
      { a: kublai.agentId },
    );
    const m = data.memoriesForConversation;
    expect(m.insights.map((x: { id: string }) => x.id).sort()).toEqual([ids.insight, ids.oldInsight].sort());
    expect(m.learnings.map((x: { id: string }) => x.id)).toEqual([ids.learning, ids.retry]);
    expect(m.learnings[0].relevance).toBeGreaterThan(0);
    expect(m.interactions).toEqual([{ id: ids.withBoth }]);
    expect(m.observations).toEqual([]);
  });
});

describe("agentRelationships (get_agent_relationships)", () => {
  it("counts the interactions with each agent, latest first, with the latest memories", async () => {
    const data = await ok(kublai, `query ($a: ID!) { agentRelationships(agentId: $a) { agentId name interactionCount lastInteractionAt recentInteractions { id } } }`, { a: kublai.agentId });
    expect(data.agentRelationships.map((r: Record<string, unknown>) => [r.agentId, r.name, r.interactionCount])).toEqual([
      [chagatai.agentId, "Chagatai", 1],
      [mongke.agentId, "Möngke", 2],
    ]);
    expect(data.agentRelationships[1].recentInteractions.map((m: { id: string }) => m.id)).toEqual([ids.withBoth, ids.withMongke]);
  });

  it("another agent sees no relationships built from Kublai's private memories", async () => {
    const data = await ok(intruder, `query ($a: ID!) { agentRelationships(agentId: $a) { agentId } }`, { a: kublai.agentId });
    expect(data.agentRelationships).toEqual([]);
  });

  it("takes the agent's display name in any case; what names no one agent is BAD_USER_INPUT naming agentId, each with its message", async () => {
    const byName = await ok(kublai, `query { agentRelationships(agentId: "  kUBLAI ") { agentId } }`);
    expect(byName.agentRelationships.map((r: { agentId: string }) => r.agentId)).toEqual([chagatai.agentId, mongke.agentId]);
    await ok(kublai, `mutation { createAgents(input: [{ id: "twin-1", name: "Twin", role: "agent" }, { id: "twin-2", name: "twin", role: "agent" }]) { agents { id } } }`);
    const refused = async (agentId: string) => (await t.as(kublai, `query ($a: ID) { agentRelationships(agentId: $a) { agentId } }`, { a: agentId })).errors?.[0];
    const field = { code: "BAD_USER_INPUT", field: "agentRelationships.agentId" };
    expect(await refused("TWIN")).toMatchObject({ message: 'agentRelationships.agentId: more than one agent is named "TWIN"; use its id', extensions: field });
    // A name no agent answers to is held to the id rule, as an id would be.
    expect(await refused("No Such Agent")).toMatchObject({ message: `agentRelationships.agentId must match ${ID_PATTERN.source}, got "No Such Agent"`, extensions: field });
    expect(await refused("no-such-agent")).toMatchObject({ message: 'agentRelationships.agentId: no agent "no-such-agent" in this tenant', extensions: field });
    expect(await refused("x".repeat(201))).toMatchObject({ message: "agentRelationships.agentId is at most 200 characters long, got 201", extensions: field });
  });
});

describe("relevantMemoriesForTask (get_relevant_memories_for_task)", () => {
  it("finds memories by full text and tags, best first, each with its relevance", async () => {
    const data = await ok(kublai, `query ($a: ID!) { relevantMemoriesForTask(agentId: $a, taskDescription: "speed up the queue", taskTags: ["code"]) { id relevance } }`, {
      a: kublai.agentId,
    });
    const found = data.relevantMemoriesForTask.map((m: { id: string }) => m.id);
    expect(found[0]).toBe(ids.learning);
    expect(found).toEqual(expect.arrayContaining([ids.insight, ids.retry, ids.shared]));
    expect(found).not.toContain(ids.withMongke);
  });

  it("finds the agent's own memory behind more than a thousand better word hits of another tenant", async () => {
    const crowd = `${t.tenant}-crowd`;
    await t.gw.driver.executeQuery("UNWIND range(1, 1200) AS i CREATE (:Memory {tenantId: $crowd, id: $crowd + '-' + i, ownerId: 'someone', content: 'bottlenecks bottlenecks'})", { crowd });
    try {
      const data = await ok(kublai, `query ($a: ID!) { relevantMemoriesForTask(agentId: $a, taskDescription: "bottlenecks") { id } }`, { a: kublai.agentId });
      expect(data.relevantMemoriesForTask.map((m: { id: string }) => m.id)).toEqual([ids.insight]);
    } finally {
      await t.gw.driver.executeQuery("MATCH (n:Memory {tenantId: $crowd}) DELETE n", { crowd });
    }
  });

  it("escapes Lucene syntax in the description instead of failing or matching everything", async () => {
    const data = await ok(kublai, `query ($a: ID!, $d: String!) { relevantMemoriesForTask(agentId: $a, taskDescription: $d) { id } }`, {
      a: kublai.agentId,
      d: 'queue AND (load OR "x~" [a TO z] *:* \\ / &&',
    });
    expect(data.relevantMemoriesForTask.map((m: { id: string }) => m.id)).toContain(ids.insight);
  });

  it("refuses an empty description, naming it", async () => {
    const res = await t.as(kublai, `query ($a: ID!) { relevantMemoriesForTask(agentId: $a, taskDescription: "  ") { id } }`, { a: kublai.agentId });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "relevantMemoriesForTask.taskDescription" });
  });
});

describe("agentContextForTask (get_agent_context_for_task)", () => {
  it("gives the task, its memories, the relevant ones, and the top insights and learnings", async () => {
    const data = await ok(
      kublai,
      `query ($a: ID!, $t: ID!) { agentContextForTask(agentId: $a, taskId: $t) {
        task { id taskType description status } taskMemories { id } relevantMemories { id } insights { id } learnings { id } } }`,
      { a: kublai.agentId, t: taskId },
    );
    const c = data.agentContextForTask;
    expect(c.task).toEqual({ id: taskId, taskType: "OPS", description: "Fix the message queue bottleneck under load", status: "PENDING" });
    expect(c.taskMemories).toEqual([{ id: ids.learning }]);
    expect(c.relevantMemories.map((m: { id: string }) => m.id)).toContain(ids.insight);
    expect(c.insights.map((m: { id: string }) => m.id)).toEqual([ids.insight, ids.oldInsight]);
    expect(c.learnings.map((m: { id: string }) => m.id)).toEqual([ids.learning, ids.retry]);
  });

  it("refuses an unknown task, naming it", async () => {
    const res = await t.as(kublai, `query ($a: ID!) { agentContextForTask(agentId: $a, taskId: "no-such-task") { task { id } } }`, { a: kublai.agentId });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "agentContextForTask.taskId" });
  });
});
