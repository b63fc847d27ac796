/**
 * Two gateways in this process sharing a Redis of the file's own: each memory written through either
 * is embedded by one of them, once, because their workers claim in Redis what they embed.
 *
 * A whole-database file (vitest.config.ts): a worker embeds whatever is PENDING in any tenant, so in
 * the parallel stream another file's gateway, which does not share this Redis, could take one of
 * these memories and leave it written back by neither of the two.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { startTestGateway, type TestGateway } from "../../support/testGateway.js";
import { startTestRedis, type TestRedis } from "../../support/redisServer.js";
import { feedTestConfig } from "../feed/feedClient.js";

const run = randomUUID().slice(0, 8);
const tenant = `claims-${run}`;
const { config, token } = feedTestConfig();
let redis: TestRedis;
let a: TestGateway;
let b: TestGateway;

/** Memory ids in each write-back statement the gateway sent (its embedding worker's), from its driver's debug log. */
const writtenBack: [string[], string[]] = [[], []];
const countWriteBacks = (into: string[]) => (line: string) => {
  if (!line.includes(" C: RUN ") || !line.includes("setNodeVectorProperty(n, 'embedding'") || !line.includes("MATCH (n:Memory")) return;
  for (const m of line.matchAll(/"id":"([^"]+)"/g)) into.push(m[1]!);
};

beforeAll(async () => {
  redis = await startTestRedis();
  const shared = { ...config, shared: { redisUrl: redis.url } };
  [a, b] = await Promise.all([
    startTestGateway(shared, { own: true, boltLog: countWriteBacks(writtenBack[0]) }),
    startTestGateway(shared, { own: true, boltLog: countWriteBacks(writtenBack[1]) }),
  ]);
}, 240_000);

afterAll(async () => {
  await a?.driver.executeQuery("MATCH (n) WHERE n.tenantId = $tenant DETACH DELETE n", { tenant });
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await redis?.stop();
});

const agent = (name: string): Caller => ({ tenantId: tenant, agentId: `${name}-${run}`, roles: ["agent"] });

async function createMemory(gw: TestGateway, caller: Caller, content: string): Promise<string> {
  const res = await fetch(gw.url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await token(caller)}` },
    body: JSON.stringify({ query: `mutation ($c: String!) { createMemories(input: [{ type: OBSERVATION, content: $c }]) { memories { id } } }`, variables: { c: content } }),
  });
  const body = (await res.json()) as { data?: { createMemories: { memories: { id: string }[] } }; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!.createMemories.memories[0]!.id;
}

it("a memory written through either is embedded by one of them, once: their workers claim what they embed", async () => {
  const ids: string[] = [];
  // Ten agents, four single-memory writes each, alternating gateways, four at a time: both workers are busy at once.
  const writes = Array.from({ length: 40 }, (_, i) => ({ caller: agent(`embed-${i % 10}`), gw: i % 2 ? b : a, content: `claimed memory ${i} of ${run}` }));
  for (let i = 0; i < writes.length; i += 4) {
    ids.push(...(await Promise.all(writes.slice(i, i + 4).map(({ caller, gw, content }) => createMemory(gw, caller, content)))));
  }
  const ready = async () =>
    (await a.driver.executeQuery("MATCH (m:Memory) WHERE m.tenantId = $tenant AND m.id IN $ids AND m.embeddingStatus = 'READY' RETURN count(m) AS n", { tenant, ids })).records[0]!.get("n").toNumber();
  await expect.poll(ready, { timeout: 60_000, interval: 250 }).toBe(ids.length);
  // A second worker's write-back of the same memories, had one been under way, lands within this.
  await new Promise((r) => setTimeout(r, 1_500));
  const mine = new Set(ids);
  const [byA, byB] = writtenBack.map((list) => list.filter((id) => mine.has(id)));
  expect([...byA!, ...byB!].sort()).toEqual([...ids].sort());
  // Both took part: the claims share the work rather than hand it all to one.
  expect(byA!.length).toBeGreaterThan(0);
  expect(byB!.length).toBeGreaterThan(0);
});
