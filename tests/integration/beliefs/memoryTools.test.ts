import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { data, errorOf, MEMORY_REFLECT, MEMORY_SHARE, MEMORY_STORE } from "./beliefOps.js";

let t: TokenGateway;
beforeAll(async () => {
  t = await startTokenGateway();
});
afterAll(async () => {
  await t.stop();
});

const poolEntries = async (knowledgeId: string) =>
  (await t.gw.driver.executeQuery("MATCH (sk:SharedKnowledge {tenantId: $tenant})-[:SHARES]->({id: $knowledgeId}) RETURN sk.id AS id", { tenant: t.tenant, knowledgeId })).records.map((r) => r.get("id"));
const READ_KNOWLEDGE = `query ($ids: [ID!]!) { beliefs(where: { id: { in: $ids } }) { id ownerId } insights(where: { id: { in: $ids } }) { id ownerId } }`;

describe("memoryStore (the six-agent squad's memory_store)", () => {
  it("stores caller-owned knowledge; at the 0.7 threshold it joins the shared pool automatically, below it stays private", async () => {
    const me = t.caller("store");
    const other = t.caller("store-other");
    const high = (await data(t.as(me, MEMORY_STORE, { content: "Idempotent handlers survive retries", type: "BELIEF", confidence: 0.7, domains: ["ops"] }))).memoryStore;
    const low = (await data(t.as(me, MEMORY_STORE, { content: "Maybe retries are rare", type: "BELIEF", confidence: 0.69 }))).memoryStore;
    const insight = (await data(t.as(me, MEMORY_STORE, { content: "Queue depth predicts outages", type: "INSIGHT", confidence: 0.9, category: "TECHNICAL" }))).memoryStore;
    expect(high).toMatchObject({ kind: "BELIEF", confidence: 0.7, pooled: true });
    expect(low).toMatchObject({ kind: "BELIEF", confidence: 0.69, pooled: false });
    expect(insight).toMatchObject({ kind: "INSIGHT", pooled: true });
    expect(await poolEntries(high.id)).toHaveLength(1);
    expect(await poolEntries(low.id)).toHaveLength(0);
    // The owner reads all three; another agent of the tenant only the pooled ones.
    const mine = await data(t.as(me, READ_KNOWLEDGE, { ids: [high.id, low.id, insight.id] }));
    expect([...mine.beliefs, ...mine.insights].every((k: { ownerId: string }) => k.ownerId === me.agentId)).toBe(true);
    expect(mine.beliefs).toHaveLength(2);
    const theirs = await data(t.as(other, READ_KNOWLEDGE, { ids: [high.id, low.id, insight.id] }));
    expect([...theirs.beliefs, ...theirs.insights].map((k: { id: string }) => k.id).sort()).toEqual([high.id, insight.id].sort());
    // One KNOWLEDGE_STORED event per knowledge node, with its visibility as written.
    const { records } = await t.gw.driver.executeQuery("MATCH (e:OutboxEvent {tenantId: $tenant, type: 'KNOWLEDGE_STORED'}) RETURN e.nodeId AS id, e.visibility AS v", { tenant: t.tenant });
    expect(Object.fromEntries(records.map((r) => [r.get("id"), r.get("v")]))).toEqual({ [high.id]: "SHARED", [low.id]: "PRIVATE", [insight.id]: "SHARED" });
  });

  it("an EXPERIENCE waits for the next reflection: no confidence, never pooled", async () => {
    const me = t.caller("store-exp");
    const exp = (await data(t.as(me, MEMORY_STORE, { content: "The release slipped a day", type: "EXPERIENCE", confidence: 0.95, outcome: "FAILED" }))).memoryStore;
    expect(exp).toMatchObject({ kind: "EXPERIENCE", confidence: null, pooled: false });
    const { experiences } = await data(t.as(me, `query ($id: ID!) { experiences(where: { id: { eq: $id } }) { description outcome experienceType ownerId } }`, { id: exp.id }));
    expect(experiences).toEqual([{ description: "The release slipped a day", outcome: "FAILED", experienceType: "general", ownerId: me.agentId }]);
  });

  it("an EXPERIENCE keeps its domains: its type is the first, and the belief reflection forms from it is filed under them (not under `memory_store`)", async () => {
    const me = t.caller("store-exp-domains");
    const exp = (await data(t.as(me, MEMORY_STORE, { content: "The canary rollout failed because the cache was cold", type: "EXPERIENCE", outcome: "FAILED", domains: ["deploys", "caching"] }))).memoryStore;
    const { experiences } = await data(t.as(me, `query ($id: ID!) { experiences(where: { id: { eq: $id } }) { experienceType domains } }`, { id: exp.id }));
    expect(experiences).toEqual([{ experienceType: "deploys", domains: ["deploys", "caching"] }]);
    const { memoryReflect } = await data(t.as(me, MEMORY_REFLECT, {}));
    expect(memoryReflect.considered).toEqual([{ id: exp.id }]);
    expect(memoryReflect.beliefsFormed.map((b: { domains: string[] }) => b.domains)).toEqual([["deploys", "caching"]]);
  });

  it("an INSIGHT without a category is stored under GENERAL (the category is optional, as the schema says)", async () => {
    const me = t.caller("store-insight-default");
    const stored = (await data(t.as(me, MEMORY_STORE, { content: "Cold caches make rollouts fail", type: "INSIGHT", confidence: 0.4 }))).memoryStore;
    expect(stored).toMatchObject({ kind: "INSIGHT", pooled: false });
    const { insights } = await data(t.as(me, `query ($id: ID!) { insights(where: { id: { eq: $id } }) { category insight } }`, { id: stored.id }));
    expect(insights).toEqual([{ category: "GENERAL", insight: "Cold caches make rollouts fail" }]);
  });

  it.each([
    [{ content: "x", type: "BELIEF", confidence: 1.2 }, "memoryStore.confidence"],
    [{ content: "", type: "BELIEF" }, "memoryStore.content"],
    [{ content: "x", type: "BELIEF", category: "TECHNICAL" }, "memoryStore.category"],
    [{ content: "x", type: "BELIEF", outcome: "FAILED" }, "memoryStore.outcome"],
  ])("refuses %j with BAD_USER_INPUT naming %s, writing nothing", async (variables, field) => {
    const me = t.caller("store-bad");
    expect(await errorOf(t.as(me, MEMORY_STORE, variables))).toMatchObject({ code: "BAD_USER_INPUT", field });
    const { records } = await t.gw.driver.executeQuery("MATCH (n {tenantId: $tenant, ownerId: $me}) RETURN count(n) AS n", { tenant: t.tenant, me: me.agentId });
    expect(records[0]!.get("n").toNumber()).toBe(0);
  });
});

describe("memoryShare (the six-agent squad's memory_share)", () => {
  it("puts the caller's private knowledge into the pool, SHARED, once however often it is shared", async () => {
    const me = t.caller("share");
    const other = t.caller("share-other");
    const stored = (await data(t.as(me, MEMORY_STORE, { content: "Small PRs get reviewed faster", type: "BELIEF", confidence: 0.4 }))).memoryStore;
    const first = (await data(t.as(me, MEMORY_SHARE, { id: stored.id }))).memoryShare;
    expect(first).toMatchObject({ ownerId: me.agentId, visibility: "SHARED", knowledgeType: "Belief", minConfidence: 0, knowledge: [{ id: stored.id, visibility: "SHARED" }] });
    const again = (await data(t.as(me, MEMORY_SHARE, { id: stored.id }))).memoryShare;
    expect(again.id).toBe(first.id);
    expect(await poolEntries(stored.id)).toEqual([first.id]);
    expect((await data(t.as(other, READ_KNOWLEDGE, { ids: [stored.id] }))).beliefs).toEqual([{ id: stored.id, ownerId: me.agentId }]);
    const { records } = await t.gw.driver.executeQuery("MATCH (e:OutboxEvent {tenantId: $tenant, type: 'KNOWLEDGE_SHARED', nodeId: $id}) RETURN count(e) AS n", { tenant: t.tenant, id: stored.id });
    expect(records[0]!.get("n").toNumber()).toBe(1);
  });

  it("NOT_FOUND for knowledge the caller cannot read (or that does not exist), FORBIDDEN for readable knowledge it does not own; an admin may share", async () => {
    const owner = t.caller("share-owner");
    const intruder = t.caller("share-intruder");
    const admin = t.caller("share-admin", ["agent", "admin"]);
    const hidden = (await data(t.as(owner, MEMORY_STORE, { content: "Private hunch about the roadmap", type: "BELIEF", confidence: 0.3 }))).memoryStore;
    const visible = (await data(t.as(owner, MEMORY_STORE, { content: "Retro notes help onboarding", type: "INSIGHT", confidence: 0.95, category: "PROCESS" }))).memoryStore;
    expect(await errorOf(t.as(intruder, MEMORY_SHARE, { id: hidden.id }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(t.as(intruder, MEMORY_SHARE, { id: "no-such-knowledge" }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(t.as(intruder, MEMORY_SHARE, { id: visible.id }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await poolEntries(hidden.id)).toEqual([]);
    const byAdmin = (await data(t.as(admin, MEMORY_SHARE, { id: hidden.id }))).memoryShare;
    expect(byAdmin).toMatchObject({ ownerId: owner.agentId, knowledge: [{ id: hidden.id, visibility: "SHARED" }] });
  });
});
