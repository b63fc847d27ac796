import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMBEDDING_BOOKKEEPING } from "../../support/access/storedNodes.js";
import { okAs } from "../../support/gql.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

const RECORD = `mutation ($messages: [MessageImportInput!]!, $rememberAs: ID) {
  recordMessages(messages: $messages, rememberAs: $rememberAs) { ids created existing memoriesCreated pendingEmbeddings } }`;
const CREATE_AGENT = `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "importer" }]) { agents { id } } }`;

let tg: TokenGateway;
let other: TokenGateway;

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "recmsg" });
  other = await startTokenGateway({ tenantPrefix: "recmsg-other" });
});
afterAll(async () => {
  await tg.stop();
  await other.stop();
});

/** `n` messages of channel `channel`, each answering the one before. */
function thread(channel: string, n: number, from = 0) {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return {
      id: `${channel}-m${i}`,
      channelId: channel,
      channelName: "general",
      authorId: `u${i % 3}`,
      authorName: `User ${i % 3}`,
      content: `Message ${i} about the release train`,
      timestamp: new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString(),
      ...(i > 0 ? { replyTo: `${channel}-m${i - 1}` } : {}),
    };
  });
}

async function graphOf(t: TokenGateway, channel: string) {
  const { records } = await t.gw.driver.executeQuery(
    `MATCH (m:Message {tenantId: $tenant}) WHERE m.id STARTS WITH $channel
     OPTIONAL MATCH (m)-[:IN_CHANNEL]->(ch:Channel)
     OPTIONAL MATCH (p:Person)-[:AUTHORED]->(m)
     OPTIONAL MATCH (m)-[:REPLIES_TO]->(r:Message)
     RETURN m.id AS id, m.content AS content, m.ownerId AS owner, m.embeddingStatus AS status, collect(DISTINCT ch.id) AS channels,
            collect(DISTINCT p.name) AS authors, collect(DISTINCT r.id) AS replyTo ORDER BY id`,
    { tenant: t.tenant, channel },
  );
  return records.map((r) => r.toObject());
}

async function count(t: TokenGateway, cypher: string, params: Record<string, unknown> = {}): Promise<number> {
  return Number((await t.gw.driver.executeQuery(cypher, { tenant: t.tenant, ...params })).records[0]!.get(0));
}

describe("recordMessages: the bulk, idempotent message write", () => {
  it("stores a batch in the caller's tenant, linked to channel, author and the message it answers; PENDING for the worker", async () => {
    const caller = tg.caller("writer");
    const data = await okAs(tg, caller, RECORD, { messages: thread("c1", 5) });
    expect(data.recordMessages).toEqual({ ids: ["c1-m0", "c1-m1", "c1-m2", "c1-m3", "c1-m4"], created: 5, existing: 0, memoriesCreated: 0, pendingEmbeddings: 5 });
    const rows = await graphOf(tg, "c1-");
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ id: "c1-m0", owner: caller.agentId, channels: ["c1"], authors: ["User 0"], replyTo: [] });
    expect(rows[3]).toMatchObject({ id: "c1-m3", authors: ["User 0"], replyTo: ["c1-m2"] });
    expect(await count(tg, "MATCH (p:Person {tenantId: $tenant}) WHERE p.id IN ['u0','u1','u2'] RETURN count(p)")).toBe(3);
    expect(await count(tg, "MATCH (c:Channel {tenantId: $tenant, id: 'c1'}) RETURN count(c)")).toBe(1);
  });

  it("is idempotent by source id: a batch sent again (even changed) writes nothing and says what existed", async () => {
    const caller = tg.caller("writer2");
    await okAs(tg, caller, RECORD, { messages: thread("c2", 4) });
    const before = await graphOf(tg, "c2-");
    const changed = thread("c2", 6).map((m) => ({ ...m, content: `${m.content} (edited)`, channelId: "c2-elsewhere" }));
    const again = await okAs(tg, caller, RECORD, { messages: changed });
    expect(again.recordMessages).toMatchObject({ created: 2, existing: 4, pendingEmbeddings: 2 });
    const after = await graphOf(tg, "c2-");
    // The embedding worker may have embedded the first four meanwhile: all else about them is as it was.
    const withoutStatus = (rows: Record<string, unknown>[]) => rows.map(({ status: _status, ...rest }) => rest);
    expect(withoutStatus(after.slice(0, 4))).toEqual(withoutStatus(before));
    expect(after).toHaveLength(6);
    expect(await count(tg, "MATCH (m:Message {tenantId: $tenant}) WHERE m.id STARTS WITH 'c2-' MATCH (m)-[r:IN_CHANNEL|AUTHORED|REPLIES_TO]-() WHERE type(r) <> 'REPLIES_TO' OR startNode(r) = m RETURN count(r)")).toBe(6 * 2 + 5);
  });

  it("counts a repeated id once within a batch: the first occurrence wins", async () => {
    const caller = tg.caller("writer3");
    const [a, b] = thread("c3", 2);
    const data = await okAs(tg, caller, RECORD, { messages: [a, b, { ...a!, content: "a later copy" }] });
    expect(data.recordMessages).toMatchObject({ ids: ["c3-m0", "c3-m1"], created: 2, existing: 0 });
    const linked = await okAs(tg, caller, `mutation ($messages: [MessageImportInput!]!) { recordMessages(messages: $messages) { messages { id content author { id } } } }`, { messages: [b] });
    expect(linked.recordMessages.messages).toEqual([{ id: "c3-m1", content: b!.content, author: [{ id: "u1" }] }]);
    expect((await graphOf(tg, "c3-"))[0]!.content).toBe(a!.content);
  });

  it("with rememberAs, each non-empty message becomes one OBSERVATION memory of the agent, once however often it is imported", async () => {
    const caller = tg.caller("rememberer");
    await okAs(tg, caller, CREATE_AGENT, { id: caller.agentId, name: caller.agentId });
    const messages = [...thread("c4", 3), { ...thread("c4", 1, 3)[0]!, content: "" }];
    const first = await okAs(tg, caller, RECORD, { messages, rememberAs: caller.agentId });
    expect(first.recordMessages).toMatchObject({ created: 4, memoriesCreated: 3, pendingEmbeddings: 7 });
    const again = await okAs(tg, caller, RECORD, { messages, rememberAs: caller.agentId });
    expect(again.recordMessages).toMatchObject({ created: 0, existing: 4, memoriesCreated: 0, pendingEmbeddings: 0 });
    const { records } = await tg.gw.driver.executeQuery(
      `MATCH (:Agent {tenantId: $tenant, id: $agent})-[:REMEMBERS]->(m:Memory) RETURN m { .type, .content, .conversationId, .source, .participants, .ownerId, .visibility } AS m ORDER BY m.source`,
      { tenant: tg.tenant, agent: caller.agentId },
    );
    expect(records.map((r) => r.get("m"))).toEqual([0, 1, 2].map((i) => ({
      type: "OBSERVATION", content: `User ${i}: Message ${i} about the release train`, conversationId: "c4", source: `c4-m${i}`,
      participants: [`User ${i}`], ownerId: caller.agentId, visibility: "PRIVATE",
    })));
  });

  it("links a message only to the channel, author and replied-to message its writer may read: another agent's PRIVATE ones stay unlinked and unchanged", async () => {
    const owner = tg.caller("private-owner");
    await okAs(tg, owner, `mutation {
      createChannels(input: [{ id: "c10-secret", name: "secret", visibility: PRIVATE }]) { channels { id } }
      createPeople(input: [{ id: "c10-hidden", name: "Hidden", visibility: PRIVATE }]) { people { id } }
    }`);
    await okAs(tg, owner, RECORD, { messages: [{ ...thread("c10-own", 1)[0]!, id: "c10-private-msg", channelId: "c10-own", authorId: "c10-owner-author" }] });
    await okAs(tg, owner, `mutation { updateMessages(where: { id: { eq: "c10-private-msg" } }, update: { visibility: { set: PRIVATE } }) { messages { id } } }`);
    const snapshot = () =>
      tg.gw.driver.executeQuery(
        "MATCH (n {tenantId: $tenant}) WHERE n.id IN ['c10-secret', 'c10-hidden', 'c10-private-msg'] RETURN n.id AS id, apoc.map.removeKeys(properties(n), $skip) AS props ORDER BY id",
        { tenant: tg.tenant, skip: [...EMBEDDING_BOOKKEEPING, "extractionStatus", "extractionNote", "extractionKey", "extractionAttempts", "extractionLeaseBy", "extractionLeaseUntil"] },
      ).then((r) => JSON.stringify(r.records.map((x) => x.toObject())));
    const before = await snapshot();
    const message = (id: string) => ({ id, channelId: "c10-secret", channelName: "renamed", authorId: "c10-hidden", authorName: "Renamed", content: "A reply", timestamp: "2026-01-02T10:00:00Z", replyTo: "c10-private-msg" });

    const plain = await okAs(tg, tg.caller("c10-writer"), RECORD, { messages: [message("c10-m-plain")] });
    expect(plain.recordMessages).toMatchObject({ created: 1, existing: 0 });
    expect(await graphOf(tg, "c10-m-plain")).toEqual([expect.objectContaining({ id: "c10-m-plain", channels: [], authors: [], replyTo: [] })]);
    expect(await snapshot()).toBe(before);
    expect(await count(tg, "MATCH (n {tenantId: $tenant}) WHERE n.id IN ['c10-secret', 'c10-hidden'] RETURN count(n)")).toBe(2);

    // An admin reads every node of its tenant, so its message is linked to the channel and the reply;
    // but not AUTHORED by another agent's PRIVATE person: that would write into the person's record (issue #43).
    await okAs(tg, tg.caller("c10-admin", ["agent", "admin"]), RECORD, { messages: [message("c10-m-admin")] });
    expect(await graphOf(tg, "c10-m-admin")).toEqual([expect.objectContaining({ channels: ["c10-secret"], authors: [], replyTo: ["c10-private-msg"] })]);
    expect(await count(tg, "MATCH (:Person {tenantId: $tenant, id: 'c10-hidden'})-[r:AUTHORED]->() RETURN count(r)")).toBe(0);
    expect(await snapshot()).toBe(before);
  });

  it("writes only into the caller's tenant: the same ids in another tenant are other messages", async () => {
    const mine = tg.caller("tenant-a");
    const theirs = other.caller("tenant-b");
    await okAs(tg, mine, RECORD, { messages: thread("c5", 2) });
    const data = await okAs(other, theirs, RECORD, { messages: thread("c5", 2) });
    expect(data.recordMessages).toMatchObject({ created: 2, existing: 0 });
    expect(await count(tg, "MATCH (m:Message {tenantId: $tenant}) WHERE m.id STARTS WITH 'c5-' RETURN count(m)")).toBe(2);
    expect(await count(other, "MATCH (m:Message {tenantId: $tenant}) WHERE m.id STARTS WITH 'c5-' RETURN count(m)")).toBe(2);
    // A reply never links across tenants either.
    expect(await count(tg, "MATCH (m:Message {tenantId: $tenant})-[:REPLIES_TO]->(r) WHERE r.tenantId <> $tenant RETURN count(m)")).toBe(0);
  });

  it("lets a plain agent remember only as itself (FORBIDDEN for another), an admin as anyone; an unknown agent is BAD_USER_INPUT", async () => {
    const plain = tg.caller("plain");
    const target = tg.caller("target");
    const admin = tg.caller("admin", ["agent", "admin"]);
    await okAs(tg, target, CREATE_AGENT, { id: target.agentId, name: target.agentId });
    const refused = await tg.as(plain, RECORD, { messages: thread("c6", 2), rememberAs: target.agentId });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await count(tg, "MATCH (m:Message {tenantId: $tenant}) WHERE m.id STARTS WITH 'c6-' RETURN count(m)")).toBe(0);
    const byAdmin = await okAs(tg, admin, RECORD, { messages: thread("c6", 2), rememberAs: target.agentId });
    expect(byAdmin.recordMessages.memoriesCreated).toBe(2);
    const unknown = await tg.as(admin, RECORD, { messages: thread("c6b", 1), rememberAs: "nobody-here" });
    expect(unknown.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "recordMessages.rememberAs" });
    expect(await count(tg, "MATCH (m:Message {tenantId: $tenant}) WHERE m.id STARTS WITH 'c6b-' RETURN count(m)")).toBe(0);
  });

  it.each([
    ["an id outside the id pattern (a Cypher injection attempt)", { id: "x' }) DETACH DELETE n //" }, /MessageImportInput\.id/],
    ["a channel id outside the id pattern", { channelId: "has space" }, /MessageImportInput\.channelId/],
    ["content over 20,000 characters", { content: "x".repeat(20_001) }, /MessageImportInput\.content/],
    ["an author name over 200 characters", { authorName: "n".repeat(201) }, /MessageImportInput\.authorName/],
  ])("refuses a batch holding %s whole, with BAD_USER_INPUT naming the field; nothing of it is written", async (_name, change, field) => {
    const caller = tg.caller("bad");
    const [good, bad] = thread("c7", 2);
    const res = await tg.as(caller, RECORD, { messages: [good, { ...bad!, ...change }] });
    expect(res.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(String(res.errors?.[0]?.extensions?.field)).toMatch(field);
    expect(await count(tg, "MATCH (m:Message {tenantId: $tenant}) WHERE m.id STARTS WITH 'c7-' RETURN count(m)")).toBe(0);
  });

  it("refuses a bad timestamp, an empty batch and more than 1,000 messages with BAD_USER_INPUT", async () => {
    const caller = tg.caller("limits");
    const badTime = await tg.as(caller, RECORD, { messages: [{ ...thread("c8", 1)[0]!, timestamp: "yesterday" }] });
    expect(badTime.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const empty = await tg.as(caller, RECORD, { messages: [] });
    expect(empty.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "recordMessages.messages" });
    const tooMany = await tg.as(caller, RECORD, { messages: thread("c8", 1001) });
    expect(tooMany.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "recordMessages.messages" });
    expect(tooMany.errors?.[0]?.message).toMatch(/1000/);
    expect(await count(tg, "MATCH (m:Message {tenantId: $tenant}) WHERE m.id STARTS WITH 'c8-' RETURN count(m)")).toBe(0);
  });

  it("stores Cypher in content as text, never as a statement", async () => {
    const caller = tg.caller("inject");
    const content = "'}) MATCH (n) DETACH DELETE n //";
    await okAs(tg, caller, RECORD, { messages: [{ ...thread("c9", 1)[0]!, content }] });
    expect((await graphOf(tg, "c9-"))[0]!.content).toBe(content);
    expect(await count(tg, "MATCH (m:Message {tenantId: $tenant}) RETURN count(m)")).toBeGreaterThan(1);
  });
});
