import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

type Caller = ReturnType<TokenGateway["caller"]>;
let t: TokenGateway;
let kublai: Caller;
let mongke: Caller;

const RECORD = `mutation ($input: RecordInteractionInput!) { recordInteraction(input: $input) {
  id type content importance confidence tags participants involvedAgentIds conversationId ownerId visibility embeddingStatus } }`;

async function stored(id: string) {
  const { records } = await t.gw.driver.executeQuery(
    `MATCH (a:Agent)-[:REMEMBERS]->(m:Memory {id: $id})
     RETURN a.id AS agent, m { .* , embedding: null } AS m, [(m)-[:INVOLVES]->(x) | x.id] AS involves, m.embedding IS NOT NULL AS embedded`,
    { id },
  );
  return records[0]?.toObject();
}
const memoriesOf = async (agentId: string) =>
  (await t.gw.driver.executeQuery(`MATCH (:Agent {id: $agentId})-[:REMEMBERS]->(m:Memory) RETURN count(m) AS n`, { agentId })).records[0]!.get("n").toNumber();

beforeAll(async () => {
  t = await startTokenGateway();
  kublai = t.caller("kublai");
  mongke = t.caller("mongke");
  for (const [who, name] of [[kublai, "Kublai"], [mongke, "Möngke"]] as const) {
    const res = await t.as(who, `mutation ($a: ID!, $n: String!) { createAgents(input: [{ id: $a, name: $n, role: "agent" }]) { agents { id } } }`, { a: who.agentId, n: name });
    expect(res.errors).toBeUndefined();
  }
});
afterAll(async () => {
  await t.stop();
});

describe("recordInteraction", () => {
  it("stores a committed INTERACTION memory linked to its agent and the agents involved, before the embedding exists", async () => {
    const input = { agentId: kublai.agentId, withAgents: [mongke.agentId], withPeople: ["alice"], summary: "Reviewed the queue design with Möngke", conversationId: "thread-1", tags: ["operations"] };
    const res = await t.as(kublai, RECORD, { input });
    expect(res.errors).toBeUndefined();
    const memory = res.data!.recordInteraction as Record<string, any>;
    expect(memory).toMatchObject({
      type: "INTERACTION", content: input.summary, importance: 0.6, confidence: 1, tags: ["operations"], participants: [mongke.agentId, "alice"],
      involvedAgentIds: [mongke.agentId], conversationId: "thread-1", ownerId: kublai.agentId, visibility: "PRIVATE", embeddingStatus: "PENDING",
    });
    // Durable when the mutation returned: read back on a separate connection, straight from Neo4j.
    const row = await stored(memory.id);
    expect(row).toMatchObject({ agent: kublai.agentId, involves: [mongke.agentId] });
    expect(row!.m).toMatchObject({ tenantId: t.tenant, ownerId: kublai.agentId, visibility: "PRIVATE", sharedWith: [] });

    await t.gw.app.embeddings.drain();
    const embedded = await stored(memory.id);
    expect(embedded).toMatchObject({ embedded: true, m: { embeddingStatus: "READY" } });
  });

  it("another agent may not record for Kublai: FORBIDDEN and nothing written", async () => {
    const before = await memoriesOf(kublai.agentId);
    const res = await t.as(mongke, RECORD, { input: { agentId: kublai.agentId, summary: "Forged memory" } });
    expect(res.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await memoriesOf(kublai.agentId)).toBe(before);
  });

  it("an admin may record for any agent of its tenant", async () => {
    const admin = t.caller("admin", ["agent", "admin"]);
    const res = await t.as(admin, RECORD, { input: { agentId: kublai.agentId, summary: "Recorded by the admin" } });
    expect(res.errors).toBeUndefined();
    expect((await stored((res.data!.recordInteraction as { id: string }).id))?.agent).toBe(kublai.agentId);
  });

  it.each([
    [{ summary: "  " }, "recordInteraction.input.summary"],
    [{ importance: 1.5 }, "recordInteraction.input.importance"],
    [{ importance: -0.1 }, "recordInteraction.input.importance"],
    [{ withAgents: ["not an id"] }, "recordInteraction.input.withAgents"],
    [{ agentId: "ghost-agent" }, "recordInteraction.input.agentId"],
    [{ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, "recordInteraction.input.tags"],
  ])("refuses %j with BAD_USER_INPUT naming %s, and writes nothing", async (change, field) => {
    const admin = t.caller("admin", ["agent", "admin"]);
    const before = await memoriesOf(kublai.agentId);
    const res = await t.as(admin, RECORD, { input: { agentId: kublai.agentId, summary: "fine", ...change } });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: expect.stringContaining(field) });
    expect(await memoriesOf(kublai.agentId)).toBe(before);
  });

  it("the agent's own memories show the interaction, and Möngke's relationships are unchanged (it is Kublai's memory)", async () => {
    const res = await t.as(kublai, `query ($a: ID!) { agentRelationships(agentId: $a) { kind agentId name interactionCount } }`, { a: kublai.agentId });
    // Möngke, and alice, the person the same interaction was with (withPeople).
    expect(res.data!.agentRelationships).toEqual(expect.arrayContaining([
      { kind: "AGENT", agentId: mongke.agentId, name: "Möngke", interactionCount: 1 },
      { kind: "PERSON", agentId: null, name: "alice", interactionCount: 1 },
    ]));
    expect(res.data!.agentRelationships).toHaveLength(2);
    const theirs = await t.as(mongke, `query ($a: ID!) { agentRelationships(agentId: $a) { agentId } }`, { a: mongke.agentId });
    expect(theirs.data!.agentRelationships).toEqual([]);
  });

  it("with no importance and no tags: INTERACTION's 0.6 and `conversation` plus the summary's topic tags (#19, the Discord squad's memory types and Change 1.4)", async () => {
    const summary = "Discord conversation with Möngke: 'can we deploy the release tonight?' -> Response: 'after the benchmark'";
    const res = await t.as(kublai, RECORD, { input: { agentId: kublai.agentId, summary } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.recordInteraction).toMatchObject({ importance: 0.6, tags: ["conversation", "operations", "analysis"] });
    expect((await stored((res.data!.recordInteraction as { id: string }).id))!.m).toMatchObject({ importance: 0.6, tags: ["conversation", "operations", "analysis"] });
  });

  it("keeps what the client chose exactly: its importance, its tags, and an explicit empty tag list", async () => {
    const chosen = await t.as(kublai, RECORD, { input: { agentId: kublai.agentId, summary: "deploy talk", importance: 0.45, tags: ["discord", "conversation"] } });
    expect(chosen.data!.recordInteraction).toMatchObject({ importance: 0.45, tags: ["discord", "conversation"] });
    const none = await t.as(kublai, `mutation ($a: ID!) { recordInteraction(input: { agentId: $a, summary: "deploy talk", tags: [], importance: null }) { importance tags } }`, { a: kublai.agentId });
    expect(none.data!.recordInteraction).toEqual({ importance: 0.6, tags: [] });
  });
});

const SIGNIFICANT = `mutation ($input: RecordInteractionInput!, $above: Float) { recordSignificantInteraction(input: $input, above: $above) {
  recorded importance threshold memory { id importance tags } } }`;

describe("recordSignificantInteraction: the note's opt-in filter (the Discord squad's notes, Risks & Mitigations: only record significant interactions, value score > 0.6)", () => {
  it("stores nothing for an interaction at or below 0.6, the default included, and says so", async () => {
    const before = await memoriesOf(kublai.agentId);
    for (const importance of [undefined, 0.6, 0.2]) {
      const res = await t.as(kublai, SIGNIFICANT, { input: { agentId: kublai.agentId, withAgents: [mongke.agentId], summary: "ok, thanks", importance } });
      expect(res.errors).toBeUndefined();
      expect(res.data!.recordSignificantInteraction).toEqual({ recorded: false, importance: importance ?? 0.6, threshold: 0.6, memory: null });
    }
    expect(await memoriesOf(kublai.agentId)).toBe(before);
  });

  it("stores an interaction above the threshold as recordInteraction would, defaults included", async () => {
    const res = await t.as(kublai, SIGNIFICANT, { input: { agentId: kublai.agentId, withAgents: [mongke.agentId], summary: "We agreed to refactor the queue", importance: 0.8 } });
    const out = res.data!.recordSignificantInteraction as { recorded: boolean; memory: { id: string; importance: number; tags: string[] } };
    expect(out).toMatchObject({ recorded: true, importance: 0.8, threshold: 0.6, memory: { importance: 0.8, tags: ["conversation", "code"] } });
    expect(await stored(out.memory.id)).toMatchObject({ agent: kublai.agentId, involves: [mongke.agentId], m: { type: "INTERACTION" } });
  });

  it("takes the client's own threshold: the default 0.6 passes `above: 0.5`", async () => {
    const res = await t.as(kublai, SIGNIFICANT, { input: { agentId: kublai.agentId, summary: "a quick sync" }, above: 0.5 });
    expect(res.data!.recordSignificantInteraction).toMatchObject({ recorded: true, importance: 0.6, threshold: 0.5 });
  });

  it.each([
    [{ above: 1.2 }, "recordSignificantInteraction.above"],
    [{ input: { agentId: "ghost-agent", summary: "trivial" } }, "recordSignificantInteraction.input.agentId"],
    [{ input: { withAgents: ["not an id"] } }, "recordSignificantInteraction.input.withAgents"],
  ])("checks everything even when it would not store: %j is BAD_USER_INPUT naming %s", async (change, field) => {
    const admin = t.caller("admin", ["agent", "admin"]);
    const input = { agentId: kublai.agentId, summary: "trivial", ...(change as { input?: object }).input };
    const res = await t.as(admin, SIGNIFICANT, { input, above: (change as { above?: number }).above });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: expect.stringContaining(field) });
  });

  it("another agent may not use it for Kublai, not even for an interaction it would not store", async () => {
    const res = await t.as(mongke, SIGNIFICANT, { input: { agentId: kublai.agentId, summary: "trivial" } });
    expect(res.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
