import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTokenGateway, type TokenGateway } from "../support/tokenGateway.js";
import type { Caller } from "../../src/core/caller.js";

/**
 * The Discord squad's bot, played as its design notes write it, over GraphQL
 * with each agent's token: when an agent is chosen to answer, the bot fetches
 * its memory-context block (COMPACT: the notes' format) for the conversation's
 * topic and participants, writes the reply with it, then records the
 * interaction. A simulated day: the 5-minute cache serves repeated reads,
 * a recorded interaction drops it at once, and it expires by itself.
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
const link = (id: string) => ({ connect: [{ where: { node: { id: { eq: id } } } }] });

async function ok(caller: Caller, query: string, variables: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await tg.as(caller, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as Record<string, any>;
}

/** The bot's _get_agent_memory_context: the block for the agent, the topic and who else is in the thread. */
const memoryContext = async (topic: string) => (await ok(kublai, CONTEXT, { agentId: kublai.agentId, topic, participants: [mongke.agentId] })).memoryContext;

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "discord", now: () => clock });
  kublai = tg.caller("kublai");
  mongke = tg.caller("mongke");
  await ok(kublai, `mutation ($a: ID!) { createAgents(input: [{ id: $a, name: "Kublai", role: "orchestrator" }]) { agents { id } } }`, { a: kublai.agentId });
  await ok(mongke, `mutation ($a: ID!) { createAgents(input: [{ id: $a, name: "Möngke", role: "researcher" }]) { agents { id } } }`, { a: mongke.agentId });
  const memory = (type: string, content: string, importance: number, d: number, extra: Record<string, unknown> = {}) => ({
    type, content, importance, occurredAt: daysAgo(d), agent: link(kublai.agentId), ...extra,
  });
  await ok(kublai, `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`, {
    input: [
      // Equally important and equally old: only the topic's tags can put one above the other.
      memory("INSIGHT", "Small pure functions with tests first make the squad's code reviews twice as fast", 0.9, 6, { tags: ["code"] }),
      memory("INSIGHT", "The message queue bottlenecks under high load", 0.9, 6, { tags: ["operations"] }),
      ...Array.from({ length: 4 }, (_, i) => memory("INSIGHT", `Older insight number ${i} about the weekly planning rhythm`, 0.9, 40 + i, { tags: ["planning"] })),
      ...Array.from({ length: 4 }, (_, i) => memory("LEARNING", `Completed task T-${120 + i}: ${"learned that async batching improves throughput. ".repeat(5)}`, 0.75, 5 + i)),
      memory("INTERACTION", "Worked with Möngke on performance analysis", 0.6, 2, { relatedAgents: link(mongke.agentId) }),
      ...Array.from({ length: 4 }, (_, i) => memory("OBSERVATION", `Users asked about deployment ${i} times this week`, 0.5, 1 + i)),
    ],
  });
});
afterAll(async () => {
  await tg.stop();
});

describe("the Discord squad's bot through a day, as its design notes write it (memory context, reply, record interaction)", () => {
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
    expect(count("INSIGHT")).toBe(3);
    expect(count("LEARNING")).toBe(3);
    expect(count("INTERACTION")).toBeLessThanOrEqual(2);
    expect(block.lines.length).toBeLessThanOrEqual(10);
    // The code insight ranks first: the conversation's words mean the tag `code`.
    expect(block.lines[0].content).toMatch(/^Small pure functions/);
    expect(block.cached).toBe(false);
  });

  it("09:01 the same agent answering again in the thread is served from the cache", async () => {
    at("09:01");
    expect((await memoryContext("can you implement a function for this?")).cached).toBe(true);
  });

  it("09:02 the bot records the interaction; the next block has it at once (the write dropped the cache)", async () => {
    at("09:02");
    const recorded = (
      await ok(kublai, RECORD, {
        input: {
          agentId: kublai.agentId,
          withAgents: [mongke.agentId],
          summary: "Discord conversation with Möngke: 'can you implement a function for this?...' -> Response: 'Yes: small and pure, tests first...'",
          importance: 0.5,
          tags: ["discord", "conversation"],
        },
      })
    ).recordInteraction;
    expect(recorded).toMatchObject({ type: "INTERACTION", importance: 0.5, tags: ["discord", "conversation"] });
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
});
