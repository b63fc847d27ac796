import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTokenGateway, type TokenGateway } from "../support/tokenGateway.js";
import type { Caller } from "../../src/core/caller.js";

/**
 * The Discord squad's bot, played as its design notes write it, over GraphQL
 * with each agent's token: when an agent is chosen to answer, the bot fetches
 * its memory-context block (COMPACT: the notes' format) for the conversation's
 * topic and participants, writes the reply with it, then records the
 * interaction. A simulated day: the 5-minute cache serves repeated reads,
 * a recorded interaction drops it at once, and it expires by itself. The bot
 * sends no importance and no tags: the gateway's defaults are the note's
 * (issue #19; this gateway tags interactions `discord` as the bot does, by
 * INTERACTION_TAGS), and it records only significant exchanges. It names
 * agents by their display names ("Kublai", "Möngke"), as the bot does.
 */
let tg: TokenGateway;
let kublai: Caller;
let mongke: Caller;
let clock = new Date("2026-03-02T09:00:00Z");
const at = (hhmm: string) => (clock = new Date(`2026-03-02T${hhmm}:00Z`));
const daysAgo = (d: number) => new Date(clock.getTime() - d * 86_400_000).toISOString();

const CONTEXT = `query ($agentId: ID!, $topic: String, $participants: [String!]) {
  memoryContext(agentId: $agentId, topic: $topic, participants: $participants, format: COMPACT) { text cached lines { type memoryId content } } }`;
const RECORD = `mutation ($input: RecordInteractionInput!) { recordInteraction(input: $input) { id type importance tags } }`;
const RECORD_IF_SIGNIFICANT = `mutation ($input: RecordInteractionInput!) { recordSignificantInteraction(input: $input) { recorded importance memory { id importance tags } } }`;
const link = (id: string) => ({ connect: [{ where: { node: { id: { eq: id } } } }] });

async function ok(caller: Caller, query: string, variables: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await tg.as(caller, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as Record<string, any>;
}

/** The bot's _get_agent_memory_context: the block for AGENT_PERSONALITIES[agent].name, the topic and who else is in the thread. */
const memoryContext = async (topic: string) => (await ok(kublai, CONTEXT, { agentId: "Kublai", topic, participants: ["Möngke"] })).memoryContext;

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "discord", now: () => clock, config: { interactionTags: ["discord", "conversation"] } });
  kublai = tg.caller("kublai");
  mongke = tg.caller("mongke");
  await ok(kublai, `mutation ($a: ID!) { createAgents(input: [{ id: $a, name: "Kublai", role: "orchestrator" }]) { agents { id } } }`, { a: kublai.agentId });
  await ok(mongke, `mutation ($a: ID!) { createAgents(input: [{ id: $a, name: "Möngke", role: "researcher" }]) { agents { id } } }`, { a: mongke.agentId });
  // No importance: each memory gets its type's from the gateway (the note's Memory Types table, checked below).
  const memory = (type: string, content: string, d: number, extra: Record<string, unknown> = {}) => ({
    type, content, occurredAt: daysAgo(d), agent: link(kublai.agentId), ...extra,
  });
  await ok(kublai, `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`, {
    input: [
      // Equally important and equally old: only the topic's tags can put one above the other.
      memory("INSIGHT", "Small pure functions with tests first make the squad's code reviews twice as fast", 6, { tags: ["code"] }),
      memory("INSIGHT", "The message queue bottlenecks under high load", 6, { tags: ["operations"] }),
      ...Array.from({ length: 4 }, (_, i) => memory("INSIGHT", `Older insight number ${i} about the weekly planning rhythm`, 40 + i, { tags: ["planning"] })),
      ...Array.from({ length: 4 }, (_, i) => memory("LEARNING", `Completed task T-${120 + i}: ${"learned that async batching improves throughput. ".repeat(5)}`, 5 + i)),
      memory("INTERACTION", "Worked with Möngke on performance analysis", 2, { relatedAgents: link(mongke.agentId) }),
      ...Array.from({ length: 3 }, (_, i) => memory("INTERACTION", `Paired with Möngke on the weekly planning ${i}`, 10 + i, { relatedAgents: link(mongke.agentId) })),
      ...Array.from({ length: 4 }, (_, i) => memory("OBSERVATION", `Users asked about deployment ${i} times this week`, 1 + i)),
    ],
  });
});
afterAll(async () => {
  await tg.stop();
});

describe("the Discord squad's bot through a day, as its design notes write it (memory context, reply, record interaction)", () => {
  it("08:59 memories written without an importance carry the note's (Memory Types: insight 0.9, learning 0.7-0.8, interaction 0.6, observation 0.5)", async () => {
    at("08:59");
    const memories = (await ok(kublai, `query ($a: ID!) { agentMemories(agentId: $a, limit: 100) { type importance } }`, { a: kublai.agentId })).agentMemories as { type: string; importance: number }[];
    const byType = Object.fromEntries(["INSIGHT", "LEARNING", "INTERACTION", "OBSERVATION"].map((t) => [t, [...new Set(memories.filter((m) => m.type === t).map((m) => m.importance))]]));
    expect(byType).toEqual({ INSIGHT: [0.9], LEARNING: [0.75], INTERACTION: [0.6], OBSERVATION: [0.5] });
  });

  it("09:00 the block for 'can you implement a function for this?' is the notes' format and finds the memory tagged code", async () => {
    at("09:00");
    const block = await memoryContext("can you implement a function for this?");
    const lines = block.text.split("\n");
    expect(lines[0]).toBe("[Agent Memory Context - Kublai]");
    expect(lines.filter((l: string) => l.endsWith(":"))).toEqual(["Key Insights:", "Recent Learnings:", "Relevant Interactions:", "Recent Observations:"]);
    expect(block.text).not.toMatch(/\(mem:/);
    for (const line of lines.filter((l: string) => l.startsWith("- "))) {
      expect(line).toMatch(/^- \[\d{4}-\d{2}-\d{2}\] /);
      expect(line.length - "- [2026-03-02] ".length).toBeLessThanOrEqual(150);
    }
    const count = (type: string) => block.lines.filter((l: { type: string }) => l.type === type).length;
    // Change 1.2: insights limit=3, learnings limit=3, interactions[:3], observations limit=2.
    expect([count("INSIGHT"), count("LEARNING"), count("INTERACTION"), count("OBSERVATION")]).toEqual([3, 3, 3, 2]);
    // "Current Focus: {most_recent_task_or_topic}": Kublai has no task yet, so the topic.
    expect(lines.at(-1)).toBe("Current Focus: can you implement a function for this?");
    // The code insight ranks first: the conversation's words mean the tag `code`.
    expect(block.lines[0].content).toMatch(/^Small pure functions/);
    expect(block.cached).toBe(false);
  });

  it("09:01 the same agent answering again in the thread is served from the cache", async () => {
    at("09:01");
    expect((await memoryContext("can you implement a function for this?")).cached).toBe(true);
  });

  it("09:02 the bot records the interaction with the gateway's defaults (0.6, tagged conversation and the talk's topic); the next block has it at once", async () => {
    at("09:02");
    const recorded = (
      await ok(kublai, RECORD, {
        input: {
          agentId: "Kublai",
          withAgents: ["Möngke"],
          summary: "Discord conversation with Möngke: 'can you implement a function for this?...' -> Response: 'Yes: small and pure, tests first...'",
        },
      })
    ).recordInteraction;
    // Memory Types: interaction 0.6; Change 1.4 tags a recording ["discord", "conversation"] (and the topic's tag, so topic matching finds it).
    expect(recorded).toMatchObject({ type: "INTERACTION", importance: 0.6, tags: ["discord", "conversation", "code"] });
    // "Möngke", the bot's name for him, is the agent: the memory INVOLVES him.
    expect((await ok(kublai, `query ($a: ID!) { agentMemories(agentId: $a, type: INTERACTION, limit: 1) { involvedAgentIds } }`, { a: kublai.agentId })).agentMemories[0].involvedAgentIds).toEqual([mongke.agentId]);
    const block = await memoryContext("can you implement a function for this?");
    expect(block.cached).toBe(false);
    expect(block.text).toContain("Discord conversation with Möngke");
  });

  it("09:04 cached; 09:08, past the 5-minute TTL, read anew without any write", async () => {
    at("09:04");
    expect((await memoryContext("can you implement a function for this?")).cached).toBe(true);
    at("09:08");
    expect((await memoryContext("can you implement a function for this?")).cached).toBe(false);
  });

  it("17:30 a talk about the release finds the operations insight first, and a new topic is its own cache entry", async () => {
    at("17:30");
    const block = await memoryContext("are we ready to deploy the release tonight?");
    expect(block.cached).toBe(false);
    expect(block.lines[0].content).toBe("The message queue bottlenecks under high load");
  });

  it("12:00 only significant exchanges are recorded (Risks & Mitigations: value score > 0.6): 'thanks!' is not, a decision is", async () => {
    at("12:00");
    const count = async () => (await ok(kublai, `query ($a: ID!) { agentMemories(agentId: $a, type: INTERACTION, limit: 100) { id } }`, { a: kublai.agentId })).agentMemories.length;
    const before = await count();
    const trivial = (await ok(kublai, RECORD_IF_SIGNIFICANT, { input: { agentId: kublai.agentId, withAgents: [mongke.agentId], summary: "Discord conversation with Möngke: 'thanks!' -> Response: 'any time'" } })).recordSignificantInteraction;
    expect(trivial).toEqual({ recorded: false, importance: 0.6, memory: null });
    expect(await count()).toBe(before);
    const decision = (
      await ok(kublai, RECORD_IF_SIGNIFICANT, {
        input: { agentId: kublai.agentId, withAgents: [mongke.agentId], summary: "Discord conversation with Möngke: we move the release to Friday after the latency benchmark", importance: 0.8 },
      })
    ).recordSignificantInteraction;
    expect(decision).toMatchObject({ recorded: true, importance: 0.8, memory: { importance: 0.8, tags: ["discord", "conversation", "operations", "performance", "analysis"] } });
    expect(await count()).toBe(before + 1);
    expect((await memoryContext("when is the release?")).text).toContain("we move the release to Friday");
  });

  it("13:00 'Current Focus: {most_recent_task_or_topic}': Kublai's open task is the focus; done, the topic is again", async () => {
    at("13:00");
    const task = await ok(kublai, `mutation ($a: ID!) { createTasks(input: [{ taskType: ORCHESTRATION, description: "Review Möngke's latency benchmark", status: IN_PROGRESS,
      assignedTo: { connect: [{ where: { node: { id: { eq: $a } } } }] } }]) { tasks { id } } }`, { a: kublai.agentId });
    const focus = async () => (await memoryContext("when is the release?")).text.split("\n").at(-1);
    expect(await focus()).toBe("Current Focus: Review Möngke's latency benchmark");
    await ok(kublai, `mutation ($id: ID!) { updateTasks(where: { id: { eq: $id } }, update: { status: { set: COMPLETED } }) { tasks { id } } }`, { id: task.createTasks.tasks[0].id });
    expect(await focus()).toBe("Current Focus: when is the release?");
  });

  it("14:00 get_agent_relationships: the agents Kublai worked with and the users he talked to ('Previous discussion with user @alice')", async () => {
    at("14:00");
    await ok(kublai, RECORD, { input: { agentId: "Kublai", withPeople: ["@alice"], summary: "Discord conversation with @alice: 'is the deployment safe?' -> Response: 'after the benchmark'" } });
    const rels = (await ok(kublai, `query { agentRelationships(agentId: "Kublai") { kind agentId name interactionCount } }`)).agentRelationships;
    expect(rels[0]).toEqual({ kind: "PERSON", agentId: null, name: "@alice", interactionCount: 1 });
    expect(rels.find((r: any) => r.kind === "AGENT")).toMatchObject({ agentId: mongke.agentId, name: "Möngke" });
    expect(rels).toHaveLength(2);
  });
});
