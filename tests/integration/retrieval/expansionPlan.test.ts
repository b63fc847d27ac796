/**
 * Search's expansion reads the turns before and after each hit in its
 * conversation. Planned against the real Neo4j with the gateway's indexes:
 * for memories each side is a seek of memory_conversation_turns (equality on
 * tenant, owner and conversation, range on the time), so its cost is the
 * conversation's turns on that side, not the owner's whole history.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { neighbourStatement } from "../../../src/search/searchQueries.js";
import { SEARCH_SOURCES } from "../../../src/search/searchSources.js";
import { startTestGateway, testConfig, type TestGateway } from "../../support/testGateway.js";

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway(testConfig());
});
afterAll(async () => {
  await gw.stop();
});

interface PlanNode {
  operatorType: string;
  arguments: Record<string, unknown>;
  children: PlanNode[];
}

function operators(plan: PlanNode): { type: string; details: string }[] {
  return [{ type: plan.operatorType, details: String(plan.arguments.Details ?? "") }, ...plan.children.flatMap(operators)];
}

describe("search expansion's plan", () => {
  it("seeks each side of a memory hit through memory_conversation_turns: no label scan, no scan of the owner's memories", async () => {
    const params = { callerTenant: "t", callerAgent: "a", callerIsAdmin: false, ids: ["x"], window: 2, withVectors: false };
    const { summary } = await gw.driver.executeQuery(`EXPLAIN ${neighbourStatement(SEARCH_SOURCES.MEMORY)}`, params);
    const ops = operators(summary.plan as unknown as PlanNode);
    const shown = JSON.stringify(ops.map((o) => `${o.type} ${o.details.slice(0, 160)}`));
    // The plan names the index by its properties (migrations.ts: memory_conversation_turns).
    const seeks = ops.filter((o) => o.type.startsWith("NodeIndexSeek") && o.details.includes("Memory(tenantId, ownerId, conversationId, occurredAt)"));
    expect(seeks, shown).toHaveLength(2);
    expect(seeks.every((o) => o.details.includes("conversationId = conversation")), shown).toBe(true);
    expect(ops.filter((o) => /^(NodeByLabelScan|AllNodesScan)/.test(o.type) || (o.type.startsWith("NodeIndexSeek") && o.details.includes("Memory(tenantId, ownerId)"))), shown).toEqual([]);
  });
});
