import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

type Caller = ReturnType<TokenGateway["caller"]>;
let t: TokenGateway;
let alice: Caller;
let bob: Caller;
let channel: string;
let other: string;

const RECENT = `query ($c: ID!, $limit: Int, $before: DateTime) { recentMessages(channelId: $c, limit: $limit, before: $before) { id channelId authorId authorName content timestamp } }`;
const SEARCH = `query ($q: String!, $c: ID, $a: String, $limit: Int) { searchMessages(query: $q, channelId: $c, authorId: $a, limit: $limit) {
  message { id channelId content } score textRank vectorRank } }`;

async function ok<T = Record<string, any>>(caller: Caller, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await t.as<T>(caller, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
}
const at = (minute: number) => `2025-10-10T14:${String(minute).padStart(2, "0")}:00.000Z`;
const msg = (id: string, ch: string, minute: number, author: string, content: string, visibility = "SHARED") => ({
  id, authorId: author, authorName: author, content, timestamp: at(minute), visibility,
  channel: { connect: [{ where: { node: { id: { eq: ch } } } }] },
});

beforeAll(async () => {
  t = await startTokenGateway();
  alice = t.caller("alice");
  bob = t.caller("bob");
  channel = `general-${alice.agentId}`;
  other = `random-${alice.agentId}`;
  await ok(alice, `mutation ($a: ID!, $b: ID!) { createChannels(input: [{ id: $a, name: "general" }, { id: $b, name: "random" }]) { channels { id } } }`, { a: channel, b: other });
  const p = alice.agentId;
  await ok(alice, `mutation ($input: [MessageCreateInput!]!) { createMessages(input: $input) { messages { id } } }`, {
    input: [
      msg(`${p}-m1`, channel, 1, "alice", "Hey, I'm thinking about applying to Google"),
      msg(`${p}-m2`, channel, 2, "bob", "Oh nice! Didn't Charlie work there?"),
      msg(`${p}-m3`, channel, 3, "alice", "Did he? I should ask him about it"),
      msg(`${p}-m4`, channel, 4, "charlie", "I worked at the search company from 2019 to 2022"),
      msg(`${p}-m5`, other, 5, "bob", "Lunch at noon, anyone?"),
    ],
  });
  await ok(bob, `mutation ($input: [MessageCreateInput!]!) { createMessages(input: $input) { messages { id } } }`, {
    input: [msg(`${p}-secret`, channel, 6, "bob", "Private note: Google interview secret", "PRIVATE")],
  });
  await t.gw.app.embeddings.drain();
});
afterAll(async () => {
  await t.stop();
});

describe("recentMessages (get_recent_messages)", () => {
  it("gives the latest messages of the channel in chronological order, without other channels' or others' private ones", async () => {
    const data = await ok(alice, RECENT, { c: channel });
    expect(data.recentMessages.map((m: { id: string }) => m.id)).toEqual([1, 2, 3, 4].map((n) => `${alice.agentId}-m${n}`));
    expect(data.recentMessages[0]).toMatchObject({ channelId: channel, authorId: "alice", timestamp: at(1) });
  });

  it("takes the latest `limit` before a timestamp, so a client pages back with the first one's timestamp", async () => {
    const page1 = (await ok(alice, RECENT, { c: channel, limit: 2 })).recentMessages;
    expect(page1.map((m: { id: string }) => m.id)).toEqual([`${alice.agentId}-m3`, `${alice.agentId}-m4`]);
    const page2 = (await ok(alice, RECENT, { c: channel, limit: 2, before: page1[0].timestamp })).recentMessages;
    expect(page2.map((m: { id: string }) => m.id)).toEqual([`${alice.agentId}-m1`, `${alice.agentId}-m2`]);
  });

  it("shows the author of a private message their own message", async () => {
    const data = await ok(bob, RECENT, { c: channel, limit: 1 });
    expect(data.recentMessages.map((m: { id: string }) => m.id)).toEqual([`${alice.agentId}-secret`]);
  });

  it("refuses an unknown channel, limit 0 or 201, naming the argument", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ c: "no-such-channel" }, "recentMessages.channelId"],
      [{ c: channel, limit: 0 }, "recentMessages.limit"],
      [{ c: channel, limit: 201 }, "recentMessages.limit"],
    ];
    for (const [vars, field] of cases) {
      const res = await t.as(alice, RECENT, vars);
      expect(res.errors?.[0]?.extensions, field).toMatchObject({ code: "BAD_USER_INPUT", field });
    }
  });
});

describe("searchMessages (message search)", () => {
  it("finds by words and by meaning, fused, with the ranks from each list", async () => {
    const hits = (await ok(alice, SEARCH, { q: "Google", limit: 5 })).searchMessages;
    expect(hits[0].message.id).toBe(`${alice.agentId}-m1`);
    expect(hits[0].textRank).toBe(1);
    expect(hits[0].vectorRank).toBeGreaterThanOrEqual(1);
    const semantic = (await ok(alice, SEARCH, { q: "employment history at a tech firm", c: channel, limit: 2 })).searchMessages;
    expect(semantic.map((h: { message: { id: string } }) => h.message.id)).toContain(`${alice.agentId}-m4`);
  });

  it("never returns another agent's private message", async () => {
    const hits = (await ok(alice, SEARCH, { q: "Private note Google interview secret", limit: 20 })).searchMessages;
    expect(hits.map((h: { message: { id: string } }) => h.message.id)).not.toContain(`${alice.agentId}-secret`);
  });

  it("filters by channel and by author", async () => {
    const inOther = (await ok(alice, SEARCH, { q: "lunch noon Google", c: other })).searchMessages;
    expect(inOther.map((h: { message: { channelId: string } }) => h.message.channelId)).toEqual([other]);
    const byBob = (await ok(alice, SEARCH, { q: "Charlie Google lunch", a: "bob", limit: 10 })).searchMessages;
    expect(byBob.map((h: { message: { id: string } }) => h.message.id).sort()).toEqual([`${alice.agentId}-m2`, `${alice.agentId}-m5`]);
  });

  it("ranks its own message by words behind more than five hundred better word hits of another tenant", async () => {
    const crowd = `${t.tenant}-crowd`;
    await t.gw.driver.executeQuery("UNWIND range(1, 700) AS i CREATE (:Message {tenantId: $crowd, id: $crowd + '-' + i, authorId: 'x', visibility: 'SHARED', content: 'applying applying'})", { crowd });
    try {
      const hits = (await ok(alice, SEARCH, { q: "applying", c: channel, limit: 3 })).searchMessages;
      expect(hits[0]).toMatchObject({ message: { id: `${alice.agentId}-m1` }, textRank: 1 });
    } finally {
      await t.gw.driver.executeQuery("MATCH (n:Message {tenantId: $crowd}) DELETE n", { crowd });
    }
  });

  it("escapes Lucene syntax: a query full of operators searches its words", async () => {
    const hits = (await ok(alice, SEARCH, { q: 'Charlie AND (work OR "there~" [a TO z] *:* \\ /', c: channel })).searchMessages;
    expect(hits.map((h: { message: { id: string } }) => h.message.id)).toContain(`${alice.agentId}-m2`);
  });

  it("refuses an empty query and limit 101, naming the argument", async () => {
    for (const [vars, field] of [[{ q: " " }, "searchMessages.query"], [{ q: "x", limit: 101 }, "searchMessages.limit"]] as const) {
      const res = await t.as(alice, SEARCH, vars);
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field });
    }
  });
});
