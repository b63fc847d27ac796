/**
 * Group commit (src/graph/groupCommit.ts) against the real Neo4j: writes sent at once commit in
 * fewer transactions than writes, each writer gets its own result, a failing write fails alone and
 * leaves nothing, and the others still commit. Then through the gateway: concurrent createMemories
 * calls of different agents each get their own memory, and one that breaks a uniqueness constraint is a
 * CONFLICT while the calls beside it are written.
 */
import { randomUUID } from "node:crypto";
import type { Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDriver } from "../../../src/graph/driver.js";
import { groupCommit } from "../../../src/graph/groupCommit.js";
import { removeOwnedBy, startTestGateway, testConfig, type TestGateway } from "../../support/testGateway.js";

const tenant = `group-commit-${randomUUID().slice(0, 8)}`;
/** Bolt messages the driver sent, by kind (BEGIN, RUN, COMMIT, ROLLBACK...). */
const sent: string[] = [];
let driver: Driver;
let gw: TestGateway;
/** The agents this file wrote memories as: what it removes. */
const owners = new Set<string>();

beforeAll(async () => {
  driver = createDriver({ ...inject("neo4j"), boltLog: (line) => void sent.push(/ C: ([A-Z]+)/.exec(line)?.[1] ?? "") });
  gw = await startTestGateway(testConfig());
});

afterAll(async () => {
  await driver.executeQuery("MATCH (n:GroupCommitProbe {tenant: $tenant}) DETACH DELETE n", { tenant });
  for (const owner of owners) await removeOwnedBy(gw.driver, owner);
  await driver.close();
  await gw.stop();
});

const CREATE = "CREATE (n:GroupCommitProbe {tenant: $tenant, key: $key}) RETURN n.key AS key";
const commitsSince = (from: number) => sent.slice(from).filter((kind) => kind === "COMMIT").length;
const probes = async (keys: string[]) => {
  const { records } = await driver.executeQuery("MATCH (n:GroupCommitProbe {tenant: $tenant}) WHERE n.key IN $keys RETURN n.key AS key ORDER BY key", { tenant, keys });
  return records.map((r) => r.get("key") as string);
};

describe("groupCommit", () => {
  it("commits writes sent at once in fewer transactions, each writer answered with its own statement's rows", async () => {
    const group = groupCommit({ driver, database: "neo4j" }, { lingerMs: 5, maxGroup: 32, maxInFlight: 1 });
    const keys = Array.from({ length: 12 }, (_, i) => `together-${i}`);
    const from = sent.length;
    const results = await Promise.all(keys.map((key) => group.run(CREATE, { tenant, key })));
    expect(results.map((r) => r.records[0]!.get("key"))).toEqual(keys);
    expect(results.every((r) => r.summary.counters.updates().nodesCreated === 1)).toBe(true);
    expect(commitsSince(from)).toBeLessThan(keys.length);
    expect(await probes(keys)).toEqual([...keys].sort());
  });

  it("fails a write whose statement fails alone, leaves nothing of it, and commits the others", async () => {
    const group = groupCommit({ driver, database: "neo4j" }, { lingerMs: 5, maxGroup: 32, maxInFlight: 1 });
    const good = Array.from({ length: 6 }, (_, i) => `survivor-${i}`);
    // Creates its node, then fails: what it created must roll back with it.
    const failing = group.run("CREATE (n:GroupCommitProbe {tenant: $tenant, key: $key}) WITH n RETURN n.key AS key, 1 / toInteger($zero) AS boom", { tenant, key: "half-written", zero: 0 });
    const others = good.map((key) => group.run(CREATE, { tenant, key }));
    const [failed, ...written] = await Promise.allSettled([failing, ...others]);
    expect(failed!.status).toBe("rejected");
    expect(String((failed as PromiseRejectedResult).reason?.message)).toMatch(/by zero/i);
    expect(written.map((w) => (w.status === "fulfilled" ? w.value.records[0]!.get("key") : w.reason))).toEqual(good);
    expect(await probes([...good, "half-written"])).toEqual([...good].sort());
  });

  it("runs a write that arrives with the line free without waiting for company", async () => {
    const group = groupCommit({ driver, database: "neo4j" }, { lingerMs: 0, maxGroup: 32, maxInFlight: 1 });
    const from = sent.length;
    const result = await group.run(CREATE, { tenant, key: "alone" });
    expect(result.records[0]!.get("key")).toBe("alone");
    expect(commitsSince(from)).toBe(1);
  });
});

describe("createMemories through the gateway", () => {
  const CREATE_MEMORY = `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id content } } }`;

  it("answers concurrent calls of different agents each with its own memory", async () => {
    const agents = Array.from({ length: 10 }, (_, i) => `${tenant}-agent-${i}`);
    agents.forEach((a) => owners.add(a));
    const answers = await Promise.all(agents.map((agent) => gw.request<{ createMemories: { memories: { id: string; content: string }[] } }>(CREATE_MEMORY, { input: [{ type: "OBSERVATION", content: `note of ${agent}` }] }, agent)));
    answers.forEach((answer, i) => {
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.createMemories.memories.map((m) => m.content)).toEqual([`note of ${agents[i]}`]);
    });
    const ids = answers.map((a) => a.data!.createMemories.memories[0]!.id);
    expect(new Set(ids).size).toBe(agents.length);
    const { records } = await gw.driver.executeQuery("MATCH (m:Memory) WHERE m.id IN $ids RETURN m.id AS id, m.ownerId AS owner", { ids });
    expect(Object.fromEntries(records.map((r) => [r.get("id"), r.get("owner")]))).toEqual(Object.fromEntries(ids.map((id, i) => [id, agents[i]])));
  });

  it("answers a call that creates an agent under a taken id with CONFLICT, and writes the calls beside it", async () => {
    const owner = `${tenant}-owner`;
    const taken = `${tenant}-taken`;
    owners.add(owner);
    const first = await gw.request(`mutation ($id: ID!) { createAgents(input: [{ id: $id, name: "taken", role: "probe" }]) { agents { id } } }`, { id: taken }, owner);
    expect(first.errors).toBeUndefined();
    const agents = Array.from({ length: 6 }, (_, i) => `${tenant}-beside-${i}`);
    agents.forEach((a) => owners.add(a));
    const [clash, ...beside] = await Promise.all([
      gw.request(CREATE_MEMORY, { input: [{ type: "OBSERVATION", content: `clash ${tenant}`, agent: { create: [{ node: { id: taken, name: "again", role: "probe" } }] } }] }, owner),
      ...agents.map((agent) => gw.request(CREATE_MEMORY, { input: [{ type: "OBSERVATION", content: `beside ${agent}` }] }, agent)),
    ]);
    expect(clash!.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    for (const answer of beside) expect(answer.errors).toBeUndefined();
    const { records } = await gw.driver.executeQuery("MATCH (m:Memory) WHERE m.ownerId IN $owners AND m.content IN $contents RETURN m.content AS content ORDER BY content", {
      owners: [owner, ...agents],
      contents: [`clash ${tenant}`, ...agents.map((a) => `beside ${a}`)],
    });
    expect(records.map((r) => r.get("content"))).toEqual(agents.map((a) => `beside ${a}`).sort());
  });
});
