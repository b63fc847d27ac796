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
    [{ withAgents: ["ghost-agent"] }, "recordInteraction.input.withAgents"],
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
    const res = await t.as(kublai, `query ($a: ID!) { agentRelationships(agentId: $a) { agentId interactionCount } }`, { a: kublai.agentId });
    expect(res.data!.agentRelationships).toEqual([{ agentId: mongke.agentId, interactionCount: 1 }]);
    const theirs = await t.as(mongke, `query ($a: ID!) { agentRelationships(agentId: $a) { agentId } }`, { a: mongke.agentId });
    expect(theirs.data!.agentRelationships).toEqual([]);
  });
});
