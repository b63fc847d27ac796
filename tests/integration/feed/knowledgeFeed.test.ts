/**
 * knowledgeFeed over a real graphql-ws client against the real Neo4j: rule
 * selection, batches, reconnect with a cursor, atomic write + event, two
 * gateways on one database, broadcasts and who may subscribe.
 */
import { randomUUID } from "node:crypto";
import neo4j from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { loadFeedRules } from "../../../src/feed/loadFeedRules.js";
import { seedDefaultSubscriptions } from "../../../src/feed/seedSubscriptions.js";
import { TEST_ADMISSION_ENV, startTestGateway, type TestGateway } from "../../support/testGateway.js";
import { startChildGateway, tokenGatewayEnv } from "../../../fixtures/childGateway.js";
import { addRule, FEED_WITH_RULES, feedTestConfig, follow, headCursor } from "./feedClient.js";

const run = randomUUID().slice(0, 8);
const tenant = `feed-${run}`;
const { config, token, secret } = feedTestConfig();
let gw: TestGateway;
/** The second gateway: its own OS process on the same Neo4j. */
let gw2: Awaited<ReturnType<typeof startChildGateway>>;
const agent = (name: string, roles: Caller["roles"] = ["agent"]): Caller => ({ tenantId: tenant, agentId: `${name}-${run}`, roles });
const subscribers: { close(): Promise<void> }[] = [];

async function as(target: { url: string }, caller: Caller, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(target.url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await token(caller)}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: any[] };
}

async function subscribe(target: { url: string }, caller: Caller, agentId = caller.agentId, after?: string | null) {
  const s = follow(target.url, await token(caller), agentId, after === undefined ? await headCursor(gw.driver, tenant) : after);
  subscribers.push(s);
  return s;
}

const RESEARCH = `mutation ($input: [ResearchCreateInput!]!) { createResearch(input: $input) { research { id } } }`;
const CONCEPTS = `mutation ($input: [ConceptCreateInput!]!) { createConcepts(input: $input) { concepts { id } } }`;
const SYNTHESIS = `mutation ($insight: String!) { createSyntheses(input: [{ insight: $insight, noveltyType: COMBINATION }]) { syntheses { id } } }`;

async function research(caller: Caller, fields: Record<string, unknown>, target: { url: string } = gw): Promise<string> {
  const res = await as(target, caller, RESEARCH, { input: [{ topic: "t", findings: "f", visibility: "SHARED", ...fields }] });
  expect(res.errors).toBeUndefined();
  return res.data.createResearch.research[0].id;
}

async function synthesis(caller: Caller, target: { url: string } = gw): Promise<string> {
  const res = await as(target, caller, SYNTHESIS, { insight: `sentinel ${randomUUID()}` });
  expect(res.errors).toBeUndefined();
  return res.data.createSyntheses.syntheses[0].id;
}

/** A subscriber's view from its `skip`-th delivery on (after the probes that showed the stream live). */
function after(s: ReturnType<typeof follow>, skip: number) {
  const deliveries = () => s.deliveries.slice(skip);
  return {
    errors: s.errors,
    until: s.until,
    nodeIds: () => deliveries().flatMap((d) => d.events.map((e) => e.nodeId)),
    get deliveries() {
      return deliveries();
    },
  };
}

const count = async (cypher: string, params: Record<string, unknown>) =>
  neo4j.integer.toNumber((await gw.driver.executeQuery(cypher, params)).records[0]!.get(0));

beforeAll(async () => {
  gw = await startTestGateway(config);
  gw2 = await startChildGateway({ ...tokenGatewayEnv(inject("neo4j"), secret), ...TEST_ADMISSION_ENV });
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(subscribers.map((s) => s.close()));
  await gw?.driver.executeQuery("MATCH (n) WHERE n.tenantId = $tenant DETACH DELETE n", { tenant });
  await gw2?.stop();
  await gw?.stop();
});

describe("knowledgeFeed", () => {
  it("delivers exactly the events the agent's rules select by type, domain, confidence and visibility", async () => {
    const writer = agent("sel-writer");
    const reader = agent("sel-reader");
    await addRule(gw.driver, tenant, reader.agentId, { knowledgeTypes: ["Research"], domains: ["async"], minConfidence: 0.7 });
    // Probes the reader's second rule selects, until one arrives IMMEDIATE: the stream is live then, so what
    // follows comes as IMMEDIATE (a write that commits while the subscription still replays arrives as REPLAY).
    await addRule(gw.driver, tenant, reader.agentId, { knowledgeTypes: ["Research"], domains: ["probe"] });
    const live = await subscribe(gw, reader);
    do await live.until(await research(writer, { domains: ["probe"] }));
    while (live.deliveries.at(-1)!.mode !== "IMMEDIATE");
    const s = after(live, live.deliveries.length);
    const match = await research(writer, { domains: ["async", "queues"], confidence: 0.8 });
    await research(writer, { domains: ["async"], confidence: 0.5 });
    await research(writer, { domains: ["ui"], confidence: 0.9 });
    await as(gw, writer, CONCEPTS, { input: [{ name: "c", domains: ["async"], confidence: 0.9 }] });
    await research(writer, { domains: ["async"], confidence: 0.9, visibility: "PRIVATE" });
    const sharedWithReader = await research(writer, { domains: ["async"], confidence: 0.9, visibility: "PRIVATE", sharedWith: [reader.agentId] });
    await research(reader, { domains: ["async"], confidence: 0.9 });
    const sentinel = await synthesis(writer);
    await s.until(sentinel);
    expect(s.errors).toEqual([]);
    expect(s.nodeIds()).toEqual([match, sharedWithReader, sentinel]);
    expect(s.deliveries.map((d) => d.mode)).toEqual(["IMMEDIATE", "IMMEDIATE", "IMMEDIATE"]);
    expect(s.deliveries[2]!.events[0]).toMatchObject({ type: "KNOWLEDGE_CREATED", nodeType: "Synthesis", tier: "BROADCAST", actorAgentId: writer.agentId });
    expect(JSON.parse(s.deliveries[2]!.events[0]!.payload)).toMatchObject({ summary: expect.stringContaining("sentinel") });
    expect(Date.parse(s.deliveries[2]!.events[0]!.createdAt)).not.toBeNaN();
  });

  it("names on each event the reader's rules that selected it, and none on a broadcast no rule selects", async () => {
    const writer = agent("why-writer");
    const reader = agent("why-reader");
    const anyResearch = await addRule(gw.driver, tenant, reader.agentId, { knowledgeTypes: ["Research"], domains: ["why"] });
    const confident = await addRule(gw.driver, tenant, reader.agentId, { knowledgeTypes: ["Research"], minConfidence: 0.9 });
    await addRule(gw.driver, tenant, reader.agentId, { knowledgeTypes: ["Concept"] });
    const s = follow(gw.url, await token(reader), reader.agentId, await headCursor(gw.driver, tenant), FEED_WITH_RULES);
    subscribers.push(s);
    const both = await research(writer, { domains: ["why"], confidence: 0.95 });
    const one = await research(writer, { domains: ["why"], confidence: 0.5 });
    const sentinel = await synthesis(writer);
    await s.until(sentinel);
    expect(s.errors).toEqual([]);
    const events = new Map(s.deliveries.flatMap((d) => d.events).map((e) => [e.nodeId, e]));
    expect([...events.get(both)!.selectedByRuleIds!].sort()).toEqual([anyResearch, confident].sort());
    expect(events.get(both)!.selectedBy!.map((r) => r.id).sort()).toEqual([anyResearch, confident].sort());
    expect(events.get(one)!.selectedByRuleIds).toEqual([anyResearch]);
    expect(events.get(one)!.selectedBy).toEqual([{ id: anyResearch, tier: "DIRECT" }]);
    expect(events.get(sentinel)).toMatchObject({ tier: "BROADCAST", selectedByRuleIds: [], selectedBy: [] });
  });

  it("a rule's source agent limits it to that agent's writes", async () => {
    const [jochi, other, reader] = [agent("src-jochi"), agent("src-other"), agent("src-reader")];
    await addRule(gw.driver, tenant, jochi.agentId, {});
    await addRule(gw.driver, tenant, reader.agentId, { knowledgeTypes: ["Research"], source: jochi.agentId });
    const s = await subscribe(gw, reader);
    await research(other, { confidence: 0.9 });
    const fromJochi = await research(jochi, { confidence: 0.9 });
    const sentinel = await synthesis(other);
    await s.until(sentinel);
    expect(s.nodeIds()).toEqual([fromJochi, sentinel]);
  });

  it("BATCHED rules deliver their events together, once per interval", async () => {
    const writer = agent("batch-writer");
    const reader = agent("batch-reader");
    await addRule(gw.driver, tenant, reader.agentId, { knowledgeTypes: ["Concept"], delivery: "BATCHED", batchIntervalSeconds: 1 });
    const s = await subscribe(gw, reader);
    const res = await as(gw, writer, CONCEPTS, { input: [1, 2, 3].map((i) => ({ name: `batched ${i}`, confidence: 0.9 })) });
    const ids = (res.data.createConcepts.concepts as { id: string }[]).map((c) => c.id);
    for (const id of ids) await s.until(id);
    expect(s.deliveries).toHaveLength(1);
    expect(s.deliveries[0]!.mode).toBe("BATCH");
    expect([...s.nodeIds()].sort()).toEqual([...ids].sort());
  });

  it("an agent that reconnects with its cursor receives every event it missed, none twice, batched ones included", async () => {
    const writer = agent("re-writer");
    const reader = agent("re-reader");
    await addRule(gw.driver, tenant, reader.agentId, { knowledgeTypes: ["Research"] });
    await addRule(gw.driver, tenant, reader.agentId, { knowledgeTypes: ["Concept"], delivery: "BATCHED", batchIntervalSeconds: 3600 });
    const first = await subscribe(gw, reader);
    const concept = (await as(gw, writer, CONCEPTS, { input: [{ name: "pending in a batch", confidence: 0.9 }] })).data.createConcepts.concepts[0].id;
    const r1 = await research(writer, { confidence: 0.9 });
    await first.until(r1);
    const cursor = first.deliveries.at(-1)!.cursor;
    await first.close();
    expect(first.nodeIds()).toEqual([r1]);

    const r2 = await research(writer, { confidence: 0.9 });
    const r3 = await research(writer, { confidence: 0.9 }, gw2);
    const second = await subscribe(gw, reader, reader.agentId, cursor);
    await second.until(r3);
    const r4 = await research(writer, { confidence: 0.9 });
    await second.until(r4);
    expect(second.nodeIds()).toEqual([concept, r2, r3, r4]);
    expect(second.deliveries[0]!.mode).toBe("REPLAY");
    expect(second.deliveries.at(-1)!.mode).toBe("IMMEDIATE");
  });

  it("a write that fails leaves neither the node nor its event; nested creates get events", async () => {
    const writer = agent("fail-writer");
    const topic = `nested ${run}`;
    const CREATE_AGENT = `mutation ($id: ID!, $topic: String!) { createAgents(input: [{ id: $id, name: "a", role: "r",
      created: { create: [{ node: { Research: { topic: $topic, findings: "f", visibility: SHARED } } }] } }]) { agents { id } } }`;
    const ok = await as(gw, writer, CREATE_AGENT, { id: writer.agentId, topic });
    expect(ok.errors).toBeUndefined();
    const events = () => count("MATCH (e:OutboxEvent {tenantId: $tenant, actorAgentId: $agent}) RETURN count(e)", { tenant, agent: writer.agentId });
    expect(await events()).toBe(1);
    const before = await headCursor(gw.driver, tenant);

    const failed = await as(gw, writer, CREATE_AGENT, { id: writer.agentId, topic: `${topic} again` });
    expect(failed.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    expect(await count("MATCH (r:Research {tenantId: $tenant}) WHERE r.topic = $topic RETURN count(r)", { tenant, topic: `${topic} again` })).toBe(0);
    expect(await events()).toBe(1);
    expect(await headCursor(gw.driver, tenant)).toBe(before);
    expect(await count("MATCH (r:Research {tenantId: $tenant}) WHERE r.feedWriteStamp IS NOT NULL RETURN count(r)", { tenant })).toBe(0);
  });

  it("updates through generated CRUD append KNOWLEDGE_UPDATED", async () => {
    const writer = agent("upd-writer");
    const reader = agent("upd-reader");
    await addRule(gw.driver, tenant, reader.agentId, { knowledgeTypes: ["Research"] });
    const id = await research(writer, { confidence: 0.4 });
    const s = await subscribe(gw, reader);
    const res = await as(gw, writer, `mutation ($id: ID!) { updateResearch(where: { id: { eq: $id } }, update: { confidence: { set: 0.95 } }) { research { id } } }`, { id });
    expect(res.errors).toBeUndefined();
    await s.until(id);
    expect(s.deliveries[0]!.events[0]).toMatchObject({ nodeId: id, type: "KNOWLEDGE_UPDATED" });
  });

  it("two gateway processes on one Neo4j deliver each event to each subscriber exactly once, whichever took the write", async () => {
    const writer = agent("two-writer");
    const readers = [agent("two-a"), agent("two-b"), agent("two-c")];
    const subs = [await subscribe(gw, readers[0]!), await subscribe(gw2, readers[1]!), await subscribe(gw2, readers[2]!)];
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => synthesis(writer, i % 2 ? gw2 : gw)));
    const last = await synthesis(writer, gw);
    for (const s of subs) await s.until(last);
    for (const s of subs) {
      expect(s.errors).toEqual([]);
      expect(s.nodeIds()).toHaveLength(21);
      expect(new Set(s.nodeIds())).toEqual(new Set([...ids, last]));
      const seqs = s.deliveries.flatMap((d) => d.events.map((e) => Number(e.cursor)));
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
  });

  it("refuses a subscriber that is neither the agent nor an admin (FORBIDDEN), and a bad cursor (BAD_USER_INPUT)", async () => {
    const intruder = agent("intruder");
    const s = await subscribe(gw, intruder, agent("victim").agentId, null);
    const bad = await subscribe(gw, intruder, intruder.agentId, "12abc");
    const deadline = Date.now() + 5000;
    while ((s.errors.length === 0 || bad.errors.length === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect((s.errors[0] as { extensions?: { code?: string } }).extensions?.code).toBe("FORBIDDEN");
    expect((bad.errors[0] as { extensions?: { code?: string } }).extensions?.code).toBe("BAD_USER_INPUT");
    expect(s.deliveries).toEqual([]);
  });

  it("lets an admin follow another agent's feed, and reaches every agent with a HIGH-risk security audit", async () => {
    const admin = agent("feed-admin", ["agent", "admin"]);
    const watched = agent("watched");
    const writer = agent("auditor");
    const byAdmin = await subscribe(gw, admin, watched.agentId);
    const byAgent = await subscribe(gw, watched);
    const res = await as(gw, writer, `mutation { createSecurityAudits(input: [{ scope: "gateway", overallRisk: HIGH, visibility: SHARED }]) { securityAudits { id } } }`);
    expect(res.errors).toBeUndefined();
    const id = res.data.createSecurityAudits.securityAudits[0].id;
    await byAdmin.until(id);
    await byAgent.until(id);
    expect(byAdmin.errors).toEqual([]);
    expect(byAgent.deliveries[0]!.events[0]).toMatchObject({ nodeId: id, nodeType: "SecurityAudit", tier: "BROADCAST" });
  });

  it("/metrics counts open subscriptions and how long after its commit each event was delivered", async () => {
    const writer = agent("met-writer");
    const reader = agent("met-reader");
    const operator: Caller = { ...agent("met-operator"), operator: true };
    const scrape = async () => {
      const res = await fetch(gw.url.replace(/\/graphql$/, "/metrics"), { headers: { authorization: `Bearer ${await token(operator)}` } });
      expect(res.status).toBe(200);
      const text = await res.text();
      const value = (name: string, labels = "") => Number(new RegExp(`^${name}${labels.replace(/[{}]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
      return { subscribers: value("mnemograph_feed_subscribers"), immediate: value("mnemograph_feed_delivery_lag_seconds_count", '{mode="IMMEDIATE"}') };
    };
    const before = await scrape();
    await addRule(gw.driver, tenant, reader.agentId, { knowledgeTypes: ["Research"], domains: ["metrics"] });
    const live = await subscribe(gw, reader);
    do await live.until(await research(writer, { domains: ["metrics"] }));
    while (live.deliveries.at(-1)!.mode !== "IMMEDIATE");
    const during = await scrape();
    expect(during.subscribers).toBe(before.subscribers + 1);
    expect(during.immediate).toBeGreaterThan(Number.isNaN(before.immediate) ? 0 : before.immediate);
    await live.close();
    const deadline = Date.now() + 5000;
    while ((await scrape()).subscribers !== before.subscribers && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect((await scrape()).subscribers).toBe(before.subscribers);
  });

  it("installs the six-agent squad's six agents and ten default subscriptions, idempotently", async () => {
    const seedTenant = `${tenant}-seed`;
    try {
      const target = { driver: gw.driver, database: config.neo4j.database };
      expect(await seedDefaultSubscriptions(target, seedTenant)).toBe(10);
      expect(await seedDefaultSubscriptions(target, seedTenant)).toBe(10);
      expect(await count("MATCH (a:Agent {tenantId: $t}) RETURN count(a)", { t: seedTenant })).toBe(6);
      expect(await count("MATCH (r:SubscriptionRule {tenantId: $t}) RETURN count(r)", { t: seedTenant })).toBe(10);
      const mongke = await loadFeedRules(target, seedTenant, "mongke");
      expect(mongke.map((r) => r.sources).sort()).toEqual([["jochi"], ["temujin"]]);
      const kublai = await loadFeedRules(target, seedTenant, "kublai");
      expect(kublai).toEqual([{ id: expect.any(String), knowledgeTypes: [], domains: [], minConfidence: 0, delivery: "BATCHED", batchIntervalSeconds: 300, sources: [] }]);
    } finally {
      await gw.driver.executeQuery("MATCH (n) WHERE n.tenantId = $t DETACH DELETE n", { t: seedTenant });
    }
  });
});
