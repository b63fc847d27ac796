/**
 * Search's expansion reads the turns before and after each hit in its
 * conversation, and nothing of the owner's other conversations. Planned and
 * run against the real Neo4j with the gateway's indexes: a memory's sides are
 * seeks of memory_conversation_turns (equality on tenant, owner and
 * conversation, range on the time); a message's are read from its channel.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { neighbourStatement } from "../../../src/search/searchQueries.js";
import { SEARCH_SOURCES } from "../../../src/search/searchSources.js";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

const RECORD_MESSAGES = `mutation ($messages: [MessageImportInput!]!) { recordMessages(messages: $messages) { created } }`;
const CREATE_AGENT = `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "tester" }]) { agents { id } } }`;
const SEARCH = `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { id explain { expandedFrom } } } }`;

let gw: TestGateway;
let agent: string;

beforeAll(async () => {
  gw = await startTestGateway(testConfig());
  agent = uniqueAgent("expand");
  await ok(gw, CREATE_AGENT, { id: agent, name: agent }, agent);
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 3, 12, minute)).toISOString();
  const message = (id: string, channelId: string, minute: number, content: string) => ({ id: `${agent}-${id}`, channelId: `${agent}-${channelId}`, authorId: "sam", authorName: "Sam", content, timestamp: at(minute) });
  await ok(gw, RECORD_MESSAGES, {
    messages: [
      message("a1", "ops", 0, "The nightly backup to the archive bucket failed again"),
      message("a2", "ops", 2, "I restarted it by hand and it went through"),
      // Another channel of the same owner, in between in time: never a neighbour of the ops thread.
      message("b1", "garden", 1, "The tomatoes need watering twice a day now"),
      message("b2", "garden", 3, "Basil grows best next to them"),
    ],
  }, agent);
  await gw.app.embeddings.drain();
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, agent);
  await gw.stop();
});

interface PlanNode {
  operatorType: string;
  arguments: Record<string, unknown>;
  children: PlanNode[];
}

async function planOf(statement: string) {
  const params = { callerTenant: "t", callerAgent: "a", callerIsAdmin: false, ids: ["x"], window: 2, withVectors: false };
  const { summary } = await gw.driver.executeQuery(`EXPLAIN ${statement}`, params);
  const walk = (plan: PlanNode): { type: string; details: string }[] => [{ type: plan.operatorType, details: String(plan.arguments.Details ?? "") }, ...plan.children.flatMap(walk)];
  const ops = walk(summary.plan as unknown as PlanNode);
  return { ops, shown: JSON.stringify(ops.map((o) => `${o.type} ${o.details.slice(0, 160)}`)) };
}

describe("search expansion", () => {
  it("seeks each side of a memory hit through memory_conversation_turns: no label scan, no read of the owner's memories", async () => {
    const { ops, shown } = await planOf(neighbourStatement(SEARCH_SOURCES.MEMORY));
    // The plan names the index by its properties (migrations.ts: memory_conversation_turns).
    const seeks = ops.filter((o) => o.type.startsWith("NodeIndexSeek") && o.details.includes("Memory(tenantId, ownerId, conversationId, occurredAt)"));
    expect(seeks, shown).toHaveLength(2);
    expect(seeks.every((o) => o.details.includes("conversationId = conversation")), shown).toBe(true);
    expect(ops.filter((o) => /^(NodeByLabelScan|AllNodesScan)/.test(o.type) || (o.type.startsWith("NodeIndexSeek") && o.details.includes("Memory(tenantId, ownerId)"))), shown).toEqual([]);
  });

  it("reads a message hit's sides from its channel: no label scan, no read of the owner's messages", async () => {
    const { ops, shown } = await planOf(neighbourStatement(SEARCH_SOURCES.MESSAGE));
    expect(ops.filter((o) => /Expand/.test(o.type) && o.details.includes("IN_CHANNEL")).length, shown).toBeGreaterThanOrEqual(2);
    expect(ops.filter((o) => /^(NodeByLabelScan|AllNodesScan)/.test(o.type) || (o.type.startsWith("NodeIndexSeek") && o.details.includes("Message(tenantId, ownerId)"))), shown).toEqual([]);
  });

  it("brings a message's neighbours from its own channel, never the owner's messages of another channel sent in between", async () => {
    const data = await ok(gw, SEARCH, { input: { query: "nightly backup archive bucket failed", sources: ["MESSAGE"], agentIds: [agent], limit: 10, explain: true } }, agent);
    const hits = data.searchMemories.hits as { id: string; explain: { expandedFrom: string[] } }[];
    const expanded = new Map(hits.filter((h) => h.explain.expandedFrom.length > 0).map((h) => [h.id, h.explain.expandedFrom]));
    expect(expanded.get(`${agent}-a2`), JSON.stringify(hits)).toContain(`MESSAGE:${agent}-a1`);
    // Each channel's messages come only from hits of that channel (ops: a1, a2; garden: b1, b2).
    for (const [id, from] of expanded) expect(from.map((f) => f.slice(-2, -1)), `${id}: ${JSON.stringify(hits)}`).toEqual(from.map(() => id.slice(-2, -1)));
  });
});
