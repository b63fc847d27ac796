import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFor } from "../../../src/app/migrations.js";
import { standingCondition, statedPreference } from "../../../src/embeddings/standingInstruction.js";
import { rankOptionsFor } from "../../../src/search/ranking/rankCandidates.js";
import { standingHits, type SearchParams } from "../../../src/search/searchQueries.js";
import { SEARCH_SOURCES } from "../../../src/search/searchSources.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

// The chatbot memory service: a user sets a rule early in a long conversation, and a question many turns later falls
// under it without sharing its words.
const RECORD = `mutation ($memories: [MemoryInput!]!) { recordMemories(memories: $memories) { ids } }`;
const CREATE_AGENT = `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "tester" }]) { agents { id } } }`;
const SEARCH = `query ($input: SearchMemoriesInput!) {
  searchMemories(input: $input) { hits { sourceRef explain { standingRank fused } } }
}`;
const RULE = "user: Always include version numbers when I ask about software dependencies or libraries used.";
const QUESTION = "Which libraries does my project use?";
// A preference stated in the middle of a turn, before a question: it joins the same list.
const PREFERENCE = "user: Thanks for the plan. I'd rather keep hosting costs under $20 a month, how should I set up backups?";

let gw: TestGateway;
const config = testConfig();
let agent: string;
let other: string;
const day = (d: number) => new Date(Date.UTC(2026, 10, d, 12)).toISOString();

async function stored(source: string) {
  const { records } = await gw.driver.executeQuery(
    `MATCH (m:Memory {ownerId: $agent, source: $source})
     RETURN m.standing AS standing, m.standingEmbedding AS condition, m.embeddingKey AS key, m.embeddingStatus AS status, m.tenantId AS tenant`,
    { agent, source },
  );
  return records[0]!.toObject() as { standing: boolean | null; condition: number[] | null; key: string; status: string; tenant: string };
}

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0) / Math.hypot(...a) / Math.hypot(...b);

/** A start-up migration run as at start-up (CALL … IN TRANSACTIONS needs an auto-commit transaction), on this file's agent only. */
async function runBackfill(name: string) {
  const backfill = migrationsFor(loadTypeDefs().document).find((m) => m.name === name)!;
  const scoped = backfill.cypher.replace(/^MATCH \(n:Memory\) WHERE /, "MATCH (n:Memory) WHERE n.ownerId = $agent AND ");
  expect(scoped).not.toBe(backfill.cypher);
  const session = gw.driver.session();
  await session.run(scoped, { agent }).finally(() => session.close());
}

beforeAll(async () => {
  gw = await startTestGateway(config);
  agent = uniqueAgent("standing");
  other = uniqueAgent("standing-other");
  await ok(gw, CREATE_AGENT, { id: agent, name: agent }, agent);
  await ok(gw, CREATE_AGENT, { id: other, name: other }, other);
  const turn = (source: string, content: string, d: number) => ({ type: "INTERACTION", content, source, conversationId: "project", participants: ["user"], occurredAt: day(d) });
  await ok(gw, RECORD, {
    memories: [
      turn("rule", RULE, 1),
      turn("preference", PREFERENCE, 1),
      turn("greeting", "user: Always good to hear from you!", 1),
      turn("stack", "user: The backend is an Express server and the front end is built with React and Vite.", 2),
      turn("tests", "user: I added unit tests for the login form and the checkout page.", 3),
      turn("deploy", "user: We deploy to a small VPS with a nightly backup of the database.", 4),
    ],
  }, agent);
  // Another agent's private rule: never in this agent's list.
  await ok(gw, RECORD, { memories: [{ type: "INTERACTION", content: "user: Never mention prices when I ask about libraries.", source: "theirs", conversationId: "x", occurredAt: day(1) }] }, other);
  await gw.app.embeddings.drain();
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, agent);
  await removeOwnedBy(gw.driver, other);
  await gw.stop();
});

describe("standing instructions, marked by the embedding worker", () => {
  it("a rule is marked, with the vector of when it applies; a text that only opens like one is marked false; the rest carry no mark", async () => {
    const rule = await stored("rule");
    expect(rule.status).toBe("READY");
    expect(rule.standing).toBe(true);
    const [expected] = await gw.app.embedder.embedPassages([standingCondition(RULE)]);
    expect(standingCondition(RULE)).toBe("ask about software dependencies or libraries used.");
    expect(cosine(rule.condition!, expected!)).toBeGreaterThan(0.999);
    expect(await stored("greeting")).toMatchObject({ standing: false, condition: null, status: "READY" });
    const preference = await stored("preference");
    expect(preference.standing).toBe(true);
    expect(statedPreference(PREFERENCE)).toBe("I'd rather keep hosting costs under $20 a month");
    const [stated] = await gw.app.embedder.embedPassages([statedPreference(PREFERENCE)!]);
    expect(cosine(preference.condition!, stated!)).toBeGreaterThan(0.999);
    expect(await stored("stack")).toMatchObject({ standing: null, condition: null, status: "READY" });
  });

  it("come back to a node embedded before the mark existed, through the backfill migration, without a new vector", async () => {
    const before = await stored("rule");
    await gw.driver.executeQuery("MATCH (m:Memory {ownerId: $agent}) WHERE m.source IN ['rule', 'greeting'] REMOVE m.standing, m.standingEmbedding, m.textRules", { agent });
    await runBackfill("memory_standing_backfill");
    expect((await stored("rule")).status).toBe("PENDING");
    expect((await stored("stack")).status).toBe("READY"); // a text that does not open like a rule is not sent back
    await gw.app.embeddings.drain();
    const after = await stored("rule");
    expect(after).toMatchObject({ standing: true, key: before.key, status: "READY" });
    expect(cosine(after.condition!, before.condition!)).toBeGreaterThan(0.999);
    expect((await stored("greeting")).standing).toBe(false);
  });

  it("a stated preference comes back through the same backfill, which finds the phrase in the middle of a text", async () => {
    const before = await stored("preference");
    await gw.driver.executeQuery("MATCH (m:Memory {ownerId: $agent}) WHERE m.source = 'preference' REMOVE m.standing, m.standingEmbedding, m.textRules", { agent });
    await runBackfill("memory_standing_backfill");
    expect((await stored("preference")).status).toBe("PENDING");
    for (const source of ["rule", "greeting", "stack"]) expect((await stored(source)).status).toBe("READY");
    await gw.app.embeddings.drain();
    const after = await stored("preference");
    expect(after).toMatchObject({ standing: true, key: before.key, status: "READY" });
    expect(cosine(after.condition!, before.condition!)).toBeGreaterThan(0.999);
  });
});

describe("the standing list of searchMemories", () => {
  const filters = { types: null, tags: null, participants: null, conversationId: null, from: null, to: null, minConfidence: null };
  const params = (tenant: string): SearchParams => ({ callerTenant: tenant, callerAgent: agent, callerIsAdmin: false, agentIds: [agent], ...filters }) as SearchParams;
  const target = () => ({ driver: gw.driver, database: config.neo4j.database });

  it("reads the caller's rules, closest first by the cosine of the question with when each applies, none below the floor", async () => {
    const { tenant, condition } = await stored("rule");
    const preference = await stored("preference");
    const [question] = await gw.app.embedder.embedQueries([QUESTION]);
    const { hits } = await standingHits(target(), SEARCH_SOURCES.MEMORY, question!, params(tenant), { depth: 3, floor: 0, withVectors: false });
    // This agent's rule and preference: not the greeting (marked false), not the other agent's private rule.
    const expected = [cosine(question!, condition!), cosine(question!, preference.condition!)].sort((a, b) => b - a);
    expect(hits.map((h) => h.score)).toEqual([expect.closeTo(expected[0]!, 4), expect.closeTo(expected[1]!, 4)]);
    const above = await standingHits(target(), SEARCH_SOURCES.MEMORY, question!, params(tenant), { depth: 3, floor: hits[0]!.score + 0.01, withVectors: false });
    expect(above.hits).toEqual([]);
  });

  it("brings the rule into a search for a question it governs, whose words it does not share", async () => {
    expect(rankOptionsFor(config.searchSharedKeys).standingWeight).toBeGreaterThan(0);
    const res = await ok<{ searchMemories: { hits: { sourceRef: string; explain: { standingRank: number | null; fused: number } }[] } }>(
      gw,
      SEARCH,
      { input: { query: QUESTION, agentIds: [agent], limit: 5, explain: true } },
      agent,
    );
    const rule = res.searchMemories.hits.find((h) => h.sourceRef === "rule");
    expect(rule?.explain.standingRank).toBe(1);
    // The list holds the rule and the preference; no other turn is in it.
    const others = res.searchMemories.hits.filter((h) => h.sourceRef !== "rule" && h.sourceRef !== "preference");
    expect(others.every((h) => h.explain.standingRank === null)).toBe(true);
  });
});
