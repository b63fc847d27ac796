import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unthrottled } from "../../fixtures/memoryServiceCases.js";
import type { Caller } from "../../src/core/caller.js";
import { deterministicExtractor } from "../../src/extraction/index.js";
import { startTokenGateway, type TokenGateway } from "../support/tokenGateway.js";
import { testConfig } from "../support/testGateway.js";

/**
 * A community pointed at Mnemograph with its history and nothing else: people
 * and their Discord messages, no assertFacts. The extraction worker (the
 * deterministic extractor, the default) reads the messages; then the chatbot
 * memory service answers from what it learned, citing the messages. The
 * messages were written before the extractor's patterns were looked at.
 */
let tg: TokenGateway;
let bot: Caller;
let token: string;
let origin: string;
const pid = (name: string) => `${bot.agentId}-${name}`;
const mid = (n: number) => `msg_${7000 + n}`;

const PEOPLE = [
  { name: "dana", realName: "Dana Reyes", aliases: ["danar"] },
  { name: "erin", realName: "Erin Walsh", aliases: [] },
  { name: "farid", realName: "Farid Haddad", aliases: ["fh"] },
  { name: "gwen", realName: "Gwen Okafor", aliases: [] },
  // Issue #45: one person per kind of phrasing the extractor missed or got wrong.
  ...["hana", "ilse", "jonas", "kemal", "lina", "milo", "noor", "omar", "pia"].map((name) => ({ name, realName: null, aliases: [] as string[] })),
];

/** [author, text, timestamp]: a channel's history, oldest first. */
const HISTORY: [string, string, string][] = [
  ["dana", "I've been writing TypeScript for about six years now, mostly on the frontend", "2025-03-03T10:00:00Z"],
  ["erin", "Big news: I just started at Stripe as a backend engineer!", "2025-03-04T09:00:00Z"],
  ["farid", "I live in Lisbon these days, the weather is unbeatable", "2025-03-05T18:30:00Z"],
  ["gwen", "Does anyone here know Kubernetes well?", "2025-03-06T12:00:00Z"],
  ["gwen", "I don't work at Google anymore, haven't for years", "2025-03-06T12:05:00Z"],
  ["dana", "If I ever worked at Netflix I'd want the SRE team", "2025-03-07T15:00:00Z"],
  ["farid", "I work at Shopify, on the payments team", "2025-03-08T08:00:00Z"],
  ["erin", "Left Stripe last month. I'm at Figma now as a staff engineer", "2025-09-10T16:00:00Z"],
  ["farid", "We moved to Berlin in August, still unpacking", "2025-09-12T20:00:00Z"],
  // Issue #45: written after extractor version 2 was finished, as a fresh check, one per kind the issue lists (mid(9) on).
  ["hana", "Finally left Atlassian and joined Canva as a product designer last week", "2025-10-01T09:00:00Z"],
  ["ilse", "Wrapped up my master's at TU Delft in June and started my first job at Philips right after", "2025-10-01T09:01:00Z"],
  ["kemal", "These days I write almost all my scripts in Kotlin", "2025-10-01T09:02:00Z"],
  ["kemal", "Jonas and I have been running buddies since college", "2025-10-01T09:03:00Z"],
  ["lina", "We're moving to Porto next month, the flat is finally signed", "2025-10-01T09:04:00Z"],
  ["milo", "Still can't get used to the prices in SF, been living here two years", "2025-10-01T09:05:00Z"],
  ["noor", "I'm working from Valencia these days, the coworking space is great", "2025-10-01T09:06:00Z"],
  ["omar", "still at Zalando, now leading the search team", "2025-10-01T09:07:00Z"],
  ["omar", "back when I was at SAP we did quarterly planning like this", "2025-10-01T09:08:00Z"],
  ["pia", "I go sailing most weekends when the wind is decent", "2025-10-01T09:09:00Z"],
];

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const ask = (question: string) => ({ messages: [{ author_id: "user_1", content: question, timestamp: "2025-10-01T12:00:00Z" }] });

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "learned", extractor: deterministicExtractor(), config: { llm: null, limits: unthrottled(testConfig().limits) } });
  bot = tg.caller("community-bot");
  token = await tg.token(bot);
  origin = tg.gw.url.replace(/\/graphql$/, "");
  const people = await tg.as(bot, `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`, {
    input: PEOPLE.map((p) => ({ id: pid(p.name), name: p.name.charAt(0).toUpperCase() + p.name.slice(1), ...(p.realName ? { realName: p.realName } : {}), aliases: p.aliases })),
  });
  expect(people.errors).toBeUndefined();
  const messages = await tg.as(bot, `mutation ($m: [MessageImportInput!]!) { recordMessages(messages: $m) { created } }`, {
    m: HISTORY.map(([author, content, timestamp], i) => ({ id: mid(i), channelId: `${bot.agentId}-general`, channelName: "general", authorId: pid(author), content, timestamp })),
  });
  expect(messages.data?.recordMessages).toEqual({ created: HISTORY.length });
  await tg.gw.app.extraction!.drain();
});
afterAll(async () => {
  await tg?.stop();
});

/** Every fact learned about a person, as stored. */
async function learned(name: string) {
  const { records } = await tg.gw.driver.executeQuery(
    `MATCH (p:Person {tenantId: $tenant, id: $id})-[r]->(o) WHERE r.source STARTS WITH 'deterministic/'
     RETURN type(r) AS type, coalesce(o.name, o.id) AS object, r.evidence AS evidence, r.validUntil IS NOT NULL AS closed ORDER BY type, object`,
    { tenant: tg.tenant, id: pid(name) },
  );
  return records.map((r) => r.toObject() as { type: string; object: string; evidence: string[]; closed: boolean });
}

describe("facts learned from a community's messages alone", () => {
  it("every message was read: DONE, none FAILED", async () => {
    const res = await tg.as(tg.caller("admin", ["admin"]), `{ extractionState { pending failed done } }`);
    expect(res.data!.extractionState).toEqual({ pending: 0, failed: 0, done: HISTORY.length });
  });

  it("the memory service's find-expert question is answered from a learned skill, with the message that says it", async () => {
    const { status, body } = await post("/api/memory/retrieve", ask("Who should I ask about TypeScript?"));
    expect(status).toBe(200);
    const typescript = (body.facts as string[]).filter((f) => f.includes("TypeScript"));
    expect(typescript.length, JSON.stringify(body.facts)).toBeGreaterThan(0);
    expect(typescript.some((f) => f.startsWith("Dana") && f.includes(mid(0)))).toBe(true);
  });

  it("a job change: Erin's Stripe job closed by Figma (history kept), each with its evidence", async () => {
    const erin = await learned("erin");
    expect(erin).toContainEqual(expect.objectContaining({ type: "WORKS_AT", object: "Figma", evidence: [mid(7)], closed: false }));
    expect(erin.find((f) => f.object === "Stripe")).toMatchObject({ type: "PREVIOUSLY", closed: true });
    const { body } = await post("/api/memory/retrieve", ask("Anyone work at Figma?"));
    expect((body.facts as string[]).some((f) => f.startsWith("Erin") && f.includes("Figma") && f.includes(mid(7))), JSON.stringify(body.facts)).toBe(true);
  });

  it("a move: Farid lived in Lisbon and lives in Berlin now; the old home is closed, not deleted", async () => {
    const farid = (await learned("farid")).filter((f) => f.type === "LIVES_IN");
    expect(farid).toEqual([
      expect.objectContaining({ object: "Berlin", evidence: [mid(8)], closed: false }),
      expect.objectContaining({ object: "Lisbon", evidence: [mid(2)], closed: true }),
    ]);
  });

  it("questions, negations and wishes wrote nothing: no Kubernetes for Gwen, no Google job, no Netflix for Dana", async () => {
    expect((await learned("gwen")).filter((f) => ["Kubernetes", "Google"].includes(f.object) && f.type !== "PREVIOUSLY")).toEqual([]);
    expect((await learned("dana")).filter((f) => f.object === "Netflix")).toEqual([]);
  });

  it("retrieveContext with the deterministic planner finds the Shopify employee through the learned fact and its evidence", async () => {
    const res = await tg.as(bot, `mutation ($input: RetrieveContextInput!) { retrieveContext(input: $input) { structuredFacts { text object evidence } metadata { planner } } }`, {
      input: { messages: [{ authorId: "user_1", content: "Does anyone work at Shopify?", timestamp: "2025-10-01T12:00:00Z" }] },
    });
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    const ctx = res.data!.retrieveContext as { structuredFacts: { text: string; object: string; evidence: string[] }[]; metadata: { planner: string } };
    expect(ctx.metadata.planner).toBe("DETERMINISTIC");
    expect(ctx.structuredFacts.find((f) => f.object === "Shopify"), JSON.stringify(ctx.structuredFacts)).toMatchObject({ evidence: [mid(6)] });
  });

  // Issue #45, the fresh check: what a reader takes from each message, and nothing else about that person.
  const facts = async (name: string) => (await learned(name)).map((f) => `${f.type} ${f.object}`);
  it("leaving one company and joining another in one sentence: both learned", async () => {
    expect(await facts("hana")).toEqual(["PREVIOUSLY Atlassian", "WORKS_AT Canva"]);
  });
  it("a degree finished and a first job in one sentence: the job learned, nothing wrong", async () => {
    // "Wrapped up my master's" matches no study rule: STUDIED_AT TU Delft is not learned (a miss, not a wrong fact).
    expect(await facts("ilse")).toEqual(["WORKS_AT Philips"]);
  });
  it("the language one writes in is the skill, never 'almost all my scripts'", async () => {
    expect((await facts("kemal")).filter((f) => f.startsWith("HAS_SKILL"))).toEqual(["HAS_SKILL Kotlin"]);
  });
  it("a friendship told through a shared activity: CLOSE_TO with the activity as basis", async () => {
    const { records } = await tg.gw.driver.executeQuery(`MATCH (:Person {tenantId: $tenant, id: $a})-[r:CLOSE_TO]->(:Person {tenantId: $tenant, id: $b}) RETURN r.basis AS basis`, { tenant: tg.tenant, a: pid("kemal"), b: pid("jonas") });
    expect(records.map((r) => r.get("basis"))).toEqual(["running buddies"]);
  });
  it("where people live, said the way people say it: a move for next month, 'SF … living here', working from a city", async () => {
    expect(await facts("lina")).toEqual(["LIVES_IN Porto"]);
    expect(await facts("milo")).toEqual(["LIVES_IN San Francisco"]);
    expect(await facts("noor")).toEqual(["LIVES_IN Valencia"]);
  });
  it("an ongoing job without a verb of employment and a past job said as 'back when I was at'", async () => {
    expect(await facts("omar")).toEqual(["PREVIOUSLY SAP", "WORKS_AT Zalando"]);
  });
  it("a hobby done most weekends is a skill", async () => {
    expect(await facts("pia")).toEqual(["HAS_SKILL sailing"]);
  });
});
