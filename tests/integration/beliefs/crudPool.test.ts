import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { wsClient, wsRequest } from "../../support/wsClient.js";

/**
 * The six-agent squad's cross-agent learning flow, step 2: knowledge an agent
 * writes through the generated CRUD at confidence ≥ 0.7 joins the shared pool,
 * as memoryStore's does, in the same transaction, and its feed event says SHARED.
 */
let t: TokenGateway;
beforeAll(async () => {
  t = await startTokenGateway({ tenantPrefix: "crudpool" });
});
afterAll(async () => {
  await t.stop();
});

const entries = async (knowledgeId: string) =>
  (await t.gw.driver.executeQuery("MATCH (sk:SharedKnowledge {tenantId: $tenant})-[:SHARES]->(k {id: $knowledgeId}) RETURN sk.reason AS reason, sk.minConfidence AS min, k.visibility AS visibility", { tenant: t.tenant, knowledgeId })).records.map((r) => r.toObject());
const outboxVisibility = async (knowledgeId: string) =>
  (await t.gw.driver.executeQuery("MATCH (e:OutboxEvent {tenantId: $tenant}) WHERE e.nodeId = $knowledgeId RETURN e.visibility AS visibility ORDER BY e.seq", { tenant: t.tenant, knowledgeId })).records.map((r) => r.get("visibility"));

const CREATE = `mutation ($input: [ResearchCreateInput!]!) { createResearch(input: $input) { research { id visibility } } }`;
const READ = `query ($id: ID!) { research(where: { id: { eq: $id } }) { id topic } }`;

describe("generated CRUD knowledge and the shared pool", () => {
  it("research created at confidence 0.8 joins the pool: SHARED, one entry, readable by a teammate, its event SHARED", async () => {
    const temujin = t.caller("temujin");
    const jochi = t.caller("jochi");
    const res = await t.as(temujin, CREATE, { input: [{ topic: "Vector index sizing", findings: "HNSW m=16 is enough below 1M vectors", confidence: 0.8 }] });
    expect(res.errors).toBeUndefined();
    const { id, visibility } = res.data!.createResearch.research[0];
    expect(visibility).toBe("SHARED");
    expect(await entries(id)).toEqual([{ reason: "CONFIDENCE", min: 0.7, visibility: "SHARED" }]);
    expect((await t.as(jochi, READ, { id })).data!.research).toEqual([{ id, topic: "Vector index sizing" }]);
    expect(await outboxVisibility(id)).toEqual(["SHARED"]);
  });

  it("over the WebSocket too: research at 0.8 without a visibility joins the pool, one its writer made PRIVATE stays private", async () => {
    const temujin = t.caller("temujin3");
    const client = wsClient(t.gw.url, { authorization: `Bearer ${await t.token(temujin)}` });
    try {
      const res = await wsRequest(client, CREATE, {
        input: [
          { topic: "Socket-written sizing", findings: "HNSW m=16 again", confidence: 0.8 },
          { topic: "Socket-written draft", findings: "Not for the team yet", confidence: 0.9, visibility: "PRIVATE" },
        ],
      });
      expect("errors" in res ? res.errors : undefined).toBeUndefined();
      const [pooled, kept] = (res as { data: { createResearch: { research: { id: string; visibility: string }[] } } }).data.createResearch.research;
      expect([pooled!.visibility, kept!.visibility]).toEqual(["SHARED", "PRIVATE"]);
      expect(await entries(pooled!.id)).toEqual([{ reason: "CONFIDENCE", min: 0.7, visibility: "SHARED" }]);
      expect(await entries(kept!.id)).toEqual([]);
    } finally {
      await client.dispose();
    }
  });

  it("research at 0.5, or at 0.9 that its writer made PRIVATE, stays private; an update does not move it into the pool", async () => {
    const temujin = t.caller("temujin2");
    const jochi = t.caller("jochi2");
    const res = await t.as(temujin, CREATE, {
      input: [
        { topic: "Cache warming", findings: "Unclear yet", confidence: 0.5 },
        { topic: "Draft threat model", findings: "Not for the team yet", confidence: 0.9, visibility: "PRIVATE" },
      ],
    });
    expect(res.data!.createResearch.research.map((r: { visibility: string }) => r.visibility)).toEqual(["PRIVATE", "PRIVATE"]);
    for (const { id } of res.data!.createResearch.research) {
      expect(await entries(id)).toEqual([]);
      expect((await t.as(jochi, READ, { id })).data!.research).toEqual([]);
      expect(await outboxVisibility(id)).toEqual(["PRIVATE"]);
    }
    const id = res.data!.createResearch.research[0].id;
    const up = `mutation ($id: ID!, $c: Float!) { updateResearch(where: { id: { eq: $id } }, update: { confidence: { set: $c } }) { research { id visibility } } }`;
    expect((await t.as(temujin, up, { id, c: 0.9 })).data!.updateResearch.research).toEqual([{ id, visibility: "PRIVATE" }]);
    expect(await entries(id)).toEqual([]);
  });
});
