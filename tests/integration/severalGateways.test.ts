/**
 * Two gateways in this process on the suite's Neo4j and a Redis of the file's own (REDIS_URL): one
 * rate-limit budget per agent between them, a write through one making the other's cached memory
 * context stale, a write through one waking the other's knowledge-feed subscribers, what an MCP
 * session opened on one gets from the other, and what happens while Redis is away. Their embedding
 * workers' claims are proven in a whole-database file (embeddings/sharedClaims.test.ts).
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../src/core/caller.js";
import type { Config } from "../../src/config/config.js";
import { startApp } from "../../src/app/startApp.js";
import { createLogger } from "../../src/logging/logger.js";
import { startTestGateway, type TestGateway } from "../support/testGateway.js";
import { startTestRedis, type TestRedis } from "../support/redisServer.js";
import { addRule, feedTestConfig, follow, headCursor } from "./feed/feedClient.js";
import { readOutbox } from "../../src/feed/readOutbox.js";

/** Operations per agent per minute: small, so a test spends a budget in a few requests. */
const BUDGET = 12;
/** The feed's pollers read the outbox this seldom here: a delivery well within it came from a wake-up. */
const SLOW_POLL_MS = 30_000;
/** What "well within the poll" means: a wake-up is a Redis hop and one outbox read. */
const WAKE_WITHIN_MS = 3_000;

const run = randomUUID().slice(0, 8);
const tenant = `gateways-${run}`;
const { config: tokenConfig, token } = feedTestConfig();
let redis: TestRedis;
let a: TestGateway;
let b: TestGateway;
const closers: (() => Promise<void>)[] = [];

const agent = (name: string, roles: Caller["roles"] = ["agent"]): Caller => ({ tenantId: tenant, agentId: `${name}-${run}`, roles });

async function as(gw: TestGateway, caller: Caller, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(gw.url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await token(caller)}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

async function ok(gw: TestGateway, caller: Caller, query: string, variables: Record<string, unknown> = {}) {
  const res = await as(gw, caller, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

const codeOf = (res: Awaited<ReturnType<typeof as>>) => res.errors?.[0]?.extensions?.code ?? null;

function sharedConfig(redisUrl: string): Config {
  return {
    ...tokenConfig,
    shared: { redisUrl },
    limits: { ...tokenConfig.limits, rateLimits: { ...tokenConfig.limits.rateLimits, defaultPerMinute: BUDGET } },
  };
}

beforeAll(async () => {
  redis = await startTestRedis();
  const config = sharedConfig(redis.url);
  const feedPolls = { pollMs: SLOW_POLL_MS, idlePollMs: SLOW_POLL_MS };
  [a, b] = await Promise.all([
    startTestGateway(config, { own: true, feedPolls }),
    startTestGateway(config, { own: true, feedPolls }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.allSettled(closers.map((close) => close()));
  await a?.driver.executeQuery("MATCH (n) WHERE n.tenantId = $tenant DETACH DELETE n", { tenant });
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await redis?.stop();
});

const PING = `{ __typename }`;

const CONTEXT = `query ($agentId: ID!) { memoryContext(agentId: $agentId) { text cached } }`;
const contextOf = async (gw: TestGateway, caller: Caller) => (await ok(gw, caller, CONTEXT, { agentId: caller.agentId })).memoryContext as { text: string; cached: boolean };

/** Writes one insight of `caller`'s through A. */
async function remember(caller: Caller, content: string) {
  const link = { connect: [{ where: { node: { id: { eq: caller.agentId } } } }] };
  await ok(a, caller, `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`, { input: [{ type: "INSIGHT", content, importance: 0.9, agent: link }] });
}

/** An agent with one insight written through A, whose memory context B has computed and now serves from its cache. */
async function cachedOnB(caller: Caller, content: string) {
  await ok(a, caller, `mutation ($a: ID!) { createAgents(input: [{ id: $a, name: "Ctx", role: "researcher" }]) { agents { id } } }`, { a: caller.agentId });
  await remember(caller, content);
  const first = await contextOf(b, caller);
  expect(first).toMatchObject({ cached: false, text: expect.stringContaining(content) });
  expect(await contextOf(b, caller)).toEqual({ ...first, cached: true });
}

describe("two gateways sharing a Redis", () => {
  it(`give an agent one budget of ${BUDGET} operations a minute between them, not one each`, async () => {
    const caller = agent("rate");
    for (let i = 0; i < BUDGET; i++) expect(codeOf(await as(i % 2 ? b : a, caller, PING)), `request ${i + 1}`).toBeNull();
    const refusedOnA = await as(a, caller, PING);
    expect(codeOf(refusedOnA)).toBe("RATE_LIMITED");
    expect(refusedOnA.errors![0]!.message).toMatch(new RegExp(`^Rate limit for operations is ${BUDGET} per minute`));
    expect(codeOf(await as(b, caller, PING))).toBe("RATE_LIMITED");
    // Another agent's budget is its own.
    expect(codeOf(await as(b, agent("rate-other"), PING))).toBeNull();
  });

  it("a memory written through one makes the other's cached memory context stale", async () => {
    const caller = agent("context");
    await cachedOnB(caller, `first insight ${run}`);
    await remember(caller, `second insight ${run}`);
    const after = await contextOf(b, caller);
    expect(after.cached).toBe(false);
    expect(after.text).toContain(`second insight ${run}`);
  });

  it(`a knowledge write through one reaches a feed subscriber of the other within ${WAKE_WITHIN_MS} ms, not at its ${SLOW_POLL_MS / 1000} s poll, once each`, async () => {
    const writer = agent("feed-writer");
    const reader = agent("feed-reader");
    await addRule(a.driver, tenant, reader.agentId, { knowledgeTypes: ["Research"] });
    const RESEARCH = `mutation ($input: [ResearchCreateInput!]!) { createResearch(input: $input) { research { id } } }`;
    const research = async (gw: TestGateway) => (await ok(gw, writer, RESEARCH, { input: [{ topic: "t", findings: "f", visibility: "SHARED", confidence: 0.9 }] })).createResearch.research[0].id as string;

    const sub = follow(b.url, await token(reader), reader.agentId, await headCursor(a.driver, tenant));
    closers.push(() => sub.close());
    // A write through B itself shows the subscription live on B (its poller listening), before A writes.
    const probe = await research(b);
    await sub.until(probe);

    const written = Date.now();
    const fromA = await research(a);
    await sub.until(fromA, WAKE_WITHIN_MS);
    const delay = Date.now() - written;
    expect(delay).toBeLessThan(WAKE_WITHIN_MS);
    const again = await research(a);
    await sub.until(again, WAKE_WITHIN_MS);
    expect(sub.errors).toEqual([]);
    expect(sub.nodeIds()).toEqual([probe, fromA, again]);
  });

  it(`24 knowledge writes of one tenant through both at once reach a subscriber of each once, in the outbox's order, within ${WAKE_WITHIN_MS} ms`, async () => {
    // At once on one tenant: some writes number their own events in their transaction (a turn), others wait for a
    // round, in either gateway, and the two gateways' numbering queues on the tenant's counter in Neo4j. Four
    // writers, each within its budget of operations.
    const writers = Array.from({ length: 4 }, (_, i) => agent(`feed-both-writer-${i}`));
    const readers = [agent("feed-both-on-a"), agent("feed-both-on-b")];
    for (const r of readers) await addRule(a.driver, tenant, r.agentId, { knowledgeTypes: ["Research"] });
    const from = await headCursor(a.driver, tenant);
    const subs = await Promise.all(readers.map(async (r, i) => follow((i ? b : a).url, await token(r), r.agentId, from)));
    for (const sub of subs) closers.push(() => sub.close());
    const RESEARCH = `mutation ($input: [ResearchCreateInput!]!) { createResearch(input: $input) { research { id } } }`;
    const research = async (gw: TestGateway, i: number) =>
      (await ok(gw, writers[i % 4]!, RESEARCH, { input: [{ topic: `both ${i}`, findings: "f", visibility: "SHARED", confidence: 0.9 }] })).createResearch.research[0].id as string;

    const ids = await Promise.all(Array.from({ length: 24 }, (_, i) => research(i % 2 ? b : a, i)));
    // Timed from the last write's answer: timed from before the writes, their own time under load (24 at once
    // beside other test files) counted against the wake-up's 3 s, and a loaded run failed with 22 of 24 delivered.
    // A delivery by the 30 s poll instead of a wake-up still misses by far.
    const answered = Date.now();
    for (const sub of subs) for (const id of ids) await sub.until(id, WAKE_WITHIN_MS - (Date.now() - answered));
    const ours = new Set(ids);
    const inOutbox = (await readOutbox({ driver: a.driver, database: "neo4j" }, tenant, 0, 1000)).filter((e) => ours.has(e.nodeId));
    expect(inOutbox.map((e) => e.seq)).toEqual(Array.from({ length: 24 }, (_, i) => inOutbox[0]!.seq + i));
    for (const sub of subs) {
      expect(sub.errors).toEqual([]);
      expect(sub.nodeIds().filter((id) => ours.has(id))).toEqual(inOutbox.map((e) => e.nodeId));
    }
  });

  it("an MCP session is the gateway's that opened it: the other answers 404 MCP_SESSION_NOT_FOUND, as for an expired one", async () => {
    const caller = agent("mcp");
    const post = async (gw: TestGateway, body: object, sessionId?: string) =>
      fetch(gw.url.replace(/graphql$/, "mcp"), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${await token(caller)}`,
          "mcp-protocol-version": "2025-06-18",
          ...(sessionId ? { "mcp-session-id": sessionId } : {}),
        },
        body: JSON.stringify(body),
      });
    const init = await post(a, { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "sticky", version: "1" } } });
    expect(init.status).toBe(200);
    const id = init.headers.get("mcp-session-id")!;
    closers.push(async () => void (await fetch(a.url.replace(/graphql$/, "mcp"), { method: "DELETE", headers: { authorization: `Bearer ${await token(caller)}`, "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" } })));
    expect((await post(a, { jsonrpc: "2.0", method: "notifications/initialized" }, id)).status).toBe(202);
    const LIST = { jsonrpc: "2.0", id: 2, method: "tools/list" };

    const onA = await post(a, LIST, id);
    expect(onA.status).toBe(200);
    expect(((await onA.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(0);

    const onB = await post(b, LIST, id);
    expect(onB.status).toBe(404);
    expect(await onB.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32001, data: { code: "MCP_SESSION_NOT_FOUND" } } });
  });

  describe("when Redis goes away and comes back (in this order)", () => {
    const resync = agent("resync");

    it("while Redis is away, each keeps answering and counts an agent's budget in its own memory", async () => {
      await cachedOnB(resync, `before the outage ${run}`);
      await redis.stop();
      const caller = agent("outage");
      for (let i = 0; i < BUDGET; i++) expect(codeOf(await as(a, caller, PING)), `request ${i + 1} on A`).toBeNull();
      for (let i = 0; i < BUDGET; i++) expect(codeOf(await as(b, caller, PING)), `request ${i + 1} on B`).toBeNull();
      expect(codeOf(await as(a, caller, PING))).toBe("RATE_LIMITED");
      expect(codeOf(await as(b, caller, PING))).toBe("RATE_LIMITED");
    });

    it("a write meanwhile is not heard by the other, whose block is stale until Redis is back; then it drops every entry it holds", async () => {
      await remember(resync, `during the outage ${run}`);
      // The documented loss: B cannot hear A's invalidation while Redis is away.
      expect(await contextOf(b, resync)).toMatchObject({ cached: true, text: expect.not.stringContaining(`during the outage ${run}`) });

      redis = await startTestRedis(redis.port);
      await bothSubscribed(redis.url);
      const after = await contextOf(b, resync);
      expect(after.cached).toBe(false);
      expect(after.text).toContain(`during the outage ${run}`);
    });
  });

  it("a gateway told to share through a Redis that does not answer refuses to start, naming REDIS_URL", async () => {
    const gone = await startTestRedis();
    await gone.stop();
    await expect(startApp(sharedConfig(gone.url), createLogger({ logLevel: "silent" }))).rejects.toThrow(new RegExp(`^REDIS_URL: Redis at 127\\.0\\.0\\.1:${gone.port} did not answer`));
  });
});

/** Resolves once both gateways have subscribed again to a Redis that came back (ioredis reconnects on its own). */
async function bothSubscribed(url: string) {
  const probe = new Redis(url);
  try {
    for (const deadline = Date.now() + 15_000; ; ) {
      const [, count] = (await probe.pubsub("NUMSUB", "mnemograph:memoryContext")) as [string, number];
      if (count >= 2) return;
      if (Date.now() > deadline) throw new Error(`${count} of 2 gateways subscribed again within 15 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    probe.disconnect();
  }
}

