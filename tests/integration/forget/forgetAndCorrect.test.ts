import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import type { Caller } from "../../../src/core/caller.js";

/**
 * Correct and forget through GraphQL (schema/forget.graphql), against the real
 * Neo4j: what is forgotten leaves every read path, with an audit record and a
 * feed event; what is corrected answers with its new text only, the old kept
 * as history; nothing of another agent or another person is touched.
 */
let t: TokenGateway;
// The first searches of a fresh gateway load the embedding model: on a shared two-core machine that alone took over a minute.
vi.setConfig({ testTimeout: 240_000 });
beforeAll(async () => {
  t = await startTokenGateway({ tenantPrefix: "forget" });
});
afterAll(async () => {
  await t.stop();
});

const STORE = `mutation ($content: String!, $type: MemoryKind!, $confidence: Float) { memoryStore(content: $content, type: $type, confidence: $confidence) { id kind pooled } }`;
const INTERACTION = `mutation ($summary: String!) { recordInteraction(input: { summary: $summary, tags: [] }) { id } }`;
const MESSAGES = `mutation ($messages: [MessageImportInput!]!, $rememberAs: ID) { recordMessages(messages: $messages, rememberAs: $rememberAs) { ids created } }`;
const SEARCH = `query ($q: String!) { searchMemories(input: { query: $q, sources: [MEMORY, MESSAGE], limit: 50 }) { hits { id source content } } }`;
const KNOWLEDGE = `query ($topic: String!) { memoryQuery(topic: $topic, limit: 50) { knowledge { id title text } } }`;
const FORGET = `mutation ($id: ID!) { forgetMemory(id: $id) { id nodeType versionsRemoved derivedRemoved poolEntriesRemoved eventsCleared tracesRemoved auditId } }`;
const CORRECT = `mutation ($id: ID!, $content: String!, $reason: String) { correctMemory(id: $id, content: $content, reason: $reason) { id nodeType content previousVersionId } }`;
const ERASE = `mutation ($personId: ID!) { erasePerson(personId: $personId) { personId personRemoved messagesRemoved memoriesRemoved factsRemoved mentionsRemoved tracesRemoved auditId } }`;

async function ok(caller: Caller, query: string, variables: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await t.as(caller, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as Record<string, any>;
}
/** The hits of a search that carry `word`: each test's own words, whatever else of the tenant the vectors bring along. */
const searchIds = async (caller: Caller, q: string, word = q.split(" ")[0]!) =>
  ((await ok(caller, SEARCH, { q })).searchMemories.hits as { id: string; content: string }[]).filter((h) => h.content.includes(word));
const knowledgeOf = async (caller: Caller, topic: string) => ((await ok(caller, KNOWLEDGE, { topic })).memoryQuery as { knowledge: { id: string; title: string | null; text: string | null } }[]).map((h) => h.knowledge);
const one = async (cypher: string, params: Record<string, unknown> = {}) => (await t.gw.driver.executeQuery(cypher, { tenant: t.tenant, ...params })).records[0]!.toObject();
const unique = (word: string) => `${word}${Math.random().toString(36).slice(2, 8)}`;
const message = (id: string, authorId: string, content: string, channelId = "forget-ch") => ({ id, channelId, platform: "discord", authorId, authorName: authorId, content, timestamp: "2026-01-05T10:00:00Z" });

describe("forgetMemory", () => {
  it("forgets an interaction memory: no search finds it, an audit record without content and a MEMORY_FORGOTTEN event remain; another agent's memory with the same words is intact", async () => {
    const me = t.caller("forgetter");
    const other = t.caller("bystander");
    const word = unique("zephyr");
    const mine = (await ok(me, INTERACTION, { summary: `The ${word} rollout failed twice because the cache was cold` })).recordInteraction.id;
    const theirs = (await ok(other, INTERACTION, { summary: `The ${word} rollout went fine for us` })).recordInteraction.id;
    expect((await searchIds(me, `${word} rollout`)).map((h) => h.id)).toContain(mine);

    const report = (await ok(me, FORGET, { id: mine })).forgetMemory;
    expect(report).toMatchObject({ id: mine, nodeType: "Memory", versionsRemoved: 0, derivedRemoved: 0 });
    expect((await searchIds(me, `${word} rollout`)).map((h) => h.id)).not.toContain(mine);
    expect(await one("MATCH (n {tenantId: $tenant, id: $id}) RETURN count(n) AS n", { id: mine })).toEqual({ n: expect.objectContaining({ low: 0 }) });
    const audit = await one("MATCH (a:ForgetAudit {tenantId: $tenant, id: $id}) RETURN properties(a) AS a", { id: report.auditId });
    expect(audit.a).toMatchObject({ action: "FORGET", actorAgentId: me.agentId, nodeId: mine, nodeType: "Memory", ownerId: me.agentId });
    expect(JSON.stringify(audit.a)).not.toContain(word);
    const event = await one("MATCH (e:OutboxEvent {tenantId: $tenant, nodeId: $id, type: 'MEMORY_FORGOTTEN'}) RETURN e.payload AS payload, e.ownerId AS owner", { id: mine });
    expect(event).toEqual({ payload: '{"forgotten":true}', owner: me.agentId });
    // The other agent's memory with the same words is still found, whole.
    expect((await searchIds(other, `${word} rollout`)).map((h) => h.id)).toEqual([theirs]);

    // Forgetting again: nothing there any more.
    expect((await t.as(me, FORGET, { id: mine })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  it("refuses another agent's private memory with NOT_FOUND and a readable one it does not own with FORBIDDEN, removing nothing; an admin may forget it", async () => {
    const owner = t.caller("owner");
    const intruder = t.caller("intruder");
    const admin = t.caller("forget-admin", ["agent", "admin"]);
    const hidden = (await ok(owner, INTERACTION, { summary: "A private note on the roadmap" })).recordInteraction.id;
    const pooled = (await ok(owner, STORE, { content: "Canary deploys catch cold caches", type: "BELIEF", confidence: 0.9 })).memoryStore;
    expect(pooled.pooled).toBe(true);
    expect((await t.as(intruder, FORGET, { id: hidden })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await t.as(intruder, FORGET, { id: pooled.id })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await t.as(intruder, CORRECT, { id: pooled.id, content: "nonsense" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await one("MATCH (n {tenantId: $tenant}) WHERE n.id IN $ids RETURN count(n) AS n", { ids: [hidden, pooled.id] })).toEqual({ n: expect.objectContaining({ low: 2 }) });
    // The pooled belief goes with its pool entry, and its feed events keep no summary.
    const report = (await ok(admin, FORGET, { id: pooled.id })).forgetMemory;
    expect(report).toMatchObject({ nodeType: "Belief", poolEntriesRemoved: 1 });
    expect(report.eventsCleared).toBeGreaterThanOrEqual(1);
    expect(await one("MATCH (sk:SharedKnowledge {tenantId: $tenant, knowledgeId: $id}) RETURN count(sk) AS n", { id: pooled.id })).toEqual({ n: expect.objectContaining({ low: 0 }) });
    expect((await knowledgeOf(owner, "canary deploys cold caches")).map((k) => k.id)).not.toContain(pooled.id);
  });

  it("forgets a message with the memories agents kept of it; the other messages of the thread stay", async () => {
    const me = t.caller("msg-forgetter");
    const word = unique("quokka");
    await ok(me, MESSAGES, { messages: [message(`fm-1-${word}`, "p-ann", `The ${word} launch slipped a week`), message(`fm-2-${word}`, "p-bob", `The ${word} launch is back on track`)], rememberAs: me.agentId });
    const before = await searchIds(me, `${word} launch`, word);
    expect(before.length).toBe(4);
    const report = (await ok(me, FORGET, { id: `fm-1-${word}` })).forgetMemory;
    expect(report).toMatchObject({ nodeType: "Message", derivedRemoved: 1 });
    const after = await searchIds(me, `${word} launch`, word);
    expect(after.every((h) => !h.content.includes("slipped"))).toBe(true);
    expect(after.map((h) => h.id)).toContain(`fm-2-${word}`);
    expect(after).toHaveLength(2);
  });
});

describe("correctMemory", () => {
  it("corrects a memory in place: search finds the new text only, the old one is kept as a Revision no search reads", async () => {
    const me = t.caller("corrector");
    const word = unique("marmot");
    const id = (await ok(me, INTERACTION, { summary: `The ${word} deploy runs on Fridays` })).recordInteraction.id;
    const corrected = (await ok(me, CORRECT, { id, content: `The ${word} deploy runs on Tuesdays`, reason: "the schedule changed" })).correctMemory;
    expect(corrected).toMatchObject({ id, nodeType: "Memory", content: `The ${word} deploy runs on Tuesdays` });
    const hits = await searchIds(me, `${word} deploy`);
    expect(hits.map((h) => h.content)).toEqual([`The ${word} deploy runs on Tuesdays`]);
    expect((await searchIds(me, `${word} Fridays`, word)).map((h) => h.content)).toEqual([`The ${word} deploy runs on Tuesdays`]);
    const history = await one("MATCH (:Memory {tenantId: $tenant, id: $id})-[:REVISED_FROM]->(r:Revision) RETURN r.id AS id, r.previous AS previous, r.reason AS reason, r.revisedBy AS by", { id });
    expect(history).toEqual({ id: corrected.previousVersionId, previous: JSON.stringify({ content: `The ${word} deploy runs on Fridays` }), reason: "the schedule changed", by: me.agentId });
    // Forgetting it takes the history with it.
    expect((await ok(me, FORGET, { id })).forgetMemory.versionsRemoved).toBe(1);
    expect(await one("MATCH (r:Revision {tenantId: $tenant, nodeId: $id}) RETURN count(r) AS n", { id })).toEqual({ n: expect.objectContaining({ low: 0 }) });
  });

  it("supersedes a belief as supersedeBelief does: memory_query answers with the new version only", async () => {
    const me = t.caller("belief-corrector");
    const word = unique("ibis");
    const old = (await ok(me, STORE, { content: `The ${word} cache needs a warm-up of ten minutes`, type: "BELIEF", confidence: 0.6 })).memoryStore.id;
    const corrected = (await ok(me, CORRECT, { id: old, content: `The ${word} cache needs a warm-up of two minutes` })).correctMemory;
    expect(corrected).toMatchObject({ nodeType: "Belief", previousVersionId: old });
    expect(corrected.id).not.toBe(old);
    expect((await knowledgeOf(me, `${word} cache warm-up`)).filter((k) => `${k.title ?? ""} ${k.text ?? ""}`.includes(word)).map((k) => k.id)).toEqual([corrected.id]);
    expect(await one("MATCH (o:Belief {tenantId: $tenant, id: $old})-[e:EVOLVED_INTO]->(n:Belief {id: $new}) RETURN o.state AS state, e.reason AS reason", { old, new: corrected.id })).toEqual({ state: "SUPERSEDED", reason: "corrected" });
    // The one recall finds the version in force only, by words (no vector needed).
    const recalled = (await ok(me, `query ($q: String!) { searchMemories(input: { query: $q, kinds: [BELIEF], limit: 20 }) { hits { id content } } }`, { q: `${word} cache warm-up` })).searchMemories.hits as { id: string; content: string }[];
    expect(recalled.filter((h) => h.content.includes(word)).map((h) => h.id)).toEqual([corrected.id]);
    // Forgetting the newest forgets the chain: no version of it remains.
    expect((await ok(me, FORGET, { id: corrected.id })).forgetMemory.versionsRemoved).toBe(1);
    expect(await one("MATCH (b:Belief {tenantId: $tenant}) WHERE b.id IN $ids RETURN count(b) AS n", { ids: [old, corrected.id] })).toEqual({ n: expect.objectContaining({ low: 0 }) });
  });

  it("refuses to correct a message (forget it instead) and bad input, naming the field and changing nothing", async () => {
    const me = t.caller("bad-corrector");
    const word = unique("tapir");
    await ok(me, MESSAGES, { messages: [message(`cm-${word}`, "p-cid", `The ${word} said hello`)] });
    expect((await t.as(me, CORRECT, { id: `cm-${word}`, content: "rewritten" })).errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "correctMemory.id" });
    const id = (await ok(me, INTERACTION, { summary: `The ${word} met us` })).recordInteraction.id;
    expect((await t.as(me, CORRECT, { id, content: " " })).errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "correctMemory.content" });
    expect((await t.as(me, CORRECT, { id, content: "x".repeat(20_001) })).errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "correctMemory.content" });
    expect((await t.as(me, CORRECT, { id, content: "ok", reason: "r".repeat(5001) })).errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "correctMemory.reason" });
    expect(await one("MATCH (m:Memory {tenantId: $tenant, id: $id}) OPTIONAL MATCH (m)-[:REVISED_FROM]->(r) RETURN m.content AS content, count(r) AS revisions", { id })).toEqual({ content: `The ${word} met us`, revisions: expect.objectContaining({ low: 0 }) });
    expect(await one("MATCH (m:Message {tenantId: $tenant, id: $id}) RETURN m.content AS content", { id: `cm-${word}` })).toEqual({ content: `The ${word} said hello` });
  });
});

describe("erasePerson", () => {
  it("an admin erases a person: their messages, the memories kept of them, their facts and mentions go; another person's messages and facts stay", async () => {
    const admin = t.caller("eraser", ["agent", "admin"]);
    const agent = t.caller("erase-agent");
    const word = unique("okapi");
    const gone = `gone-${word}`;
    const kept = `kept-${word}`;
    await ok(agent, MESSAGES, { messages: [message(`em-1-${word}`, gone, `I moved to Lisbon, ${word}`), message(`em-2-${word}`, kept, `Welcome to Lisbon, ${word}`)], rememberAs: agent.agentId });
    await t.gw.driver.executeQuery(
      `MATCH (g:Person {tenantId: $tenant, id: $gone}), (k:Person {tenantId: $tenant, id: $kept}), (m:Message {tenantId: $tenant, id: $mention})
       MERGE (pl:Place {tenantId: $tenant, id: $place}) ON CREATE SET pl.name = 'Lisbon', pl.ownerId = 'x', pl.visibility = 'SHARED', pl.sharedWith = []
       CREATE (g)-[:LIVES_IN {factId: $f1, confidence: 0.9}]->(pl), (k)-[:LIVES_IN {factId: $f2, confidence: 0.9}]->(pl), (m)-[:MENTIONS]->(g)`,
      { tenant: t.tenant, gone, kept, mention: `em-2-${word}`, place: `lisbon-${word}`, f1: `f1-${word}`, f2: `f2-${word}` },
    );
    expect((await t.as(agent, ERASE, { personId: gone })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const report = (await ok(admin, ERASE, { personId: gone })).erasePerson;
    expect(report).toMatchObject({ personId: gone, personRemoved: true, messagesRemoved: 1, memoriesRemoved: 1, factsRemoved: 1, mentionsRemoved: 1 });
    const hits = await searchIds(agent, `Lisbon ${word}`, word);
    expect(hits.every((h) => !h.content.includes("I moved"))).toBe(true);
    expect(hits.length).toBe(2);
    expect(await one("MATCH (k:Person {tenantId: $tenant, id: $kept})-[f:LIVES_IN]->() OPTIONAL MATCH (k)-[:AUTHORED]->(m:Message) RETURN count(DISTINCT f) AS facts, collect(m.id) AS messages", { kept })).toEqual({ facts: expect.objectContaining({ low: 1 }), messages: [`em-2-${word}`] });
    expect(await one("MATCH (p:Person {tenantId: $tenant, id: $gone}) RETURN count(p) AS n", { gone })).toEqual({ n: expect.objectContaining({ low: 0 }) });
    const audit = await one("MATCH (a:ForgetAudit {tenantId: $tenant, id: $id}) RETURN properties(a) AS a", { id: report.auditId });
    expect(audit.a).toMatchObject({ action: "ERASE_PERSON", nodeId: gone, actorAgentId: admin.agentId });
    expect(JSON.stringify(audit.a)).not.toContain("Lisbon");
    expect((await t.as(admin, ERASE, { personId: gone })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
});
