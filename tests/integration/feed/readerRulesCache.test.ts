/**
 * Feed subscribers' rules against the real Neo4j: every subscriber of a
 * tenant in one process is served by one read, kept for a few seconds; a
 * rule changed by this process (a new version) reads them again at once, the
 * time passing reads them again behind the kept rules, so another process's
 * change is seen within the refresh and one read.
 */
import { randomUUID } from "node:crypto";
import type { Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDriver } from "../../../src/graph/driver.js";
import { loadFeedRules } from "../../../src/feed/loadFeedRules.js";
import { createReaderRulesCache } from "../../../src/feed/readerRulesCache.js";
import { seedDefaultSubscriptions } from "../../../src/feed/seedSubscriptions.js";

const DATABASE = "neo4j";
const tenant = `rules-cache-${randomUUID().slice(0, 8)}`;
let driver: Driver;

/**
 * The real driver, counting the statements sent through it (each an auto-commit statement in a session of its own);
 * `hold` keeps the statements sent from then on from reaching the database until `release`.
 */
function countingTarget() {
  let statements = 0;
  let gate: Promise<void> | null = null;
  let open = () => {};
  const counted = new Proxy(driver, {
    get(target, key, receiver) {
      if (key !== "session") return Reflect.get(target, key, receiver);
      return (...args: Parameters<Driver["session"]>) => {
        statements++;
        const session = target.session(...args);
        const held = gate;
        if (!held) return session;
        const run = session.run.bind(session);
        return Object.assign(session, { run: async (cypher: string, params?: Record<string, unknown>) => (await held, run(cypher, params)) });
      };
    },
  });
  return {
    target: { driver: counted, database: DATABASE },
    statements: () => statements,
    hold: () => (gate = new Promise<void>((resolve) => (open = resolve))),
    release: () => {
      gate = null;
      open();
    },
  };
}

beforeAll(async () => {
  const { uri, user, password } = inject("neo4j");
  driver = createDriver({ uri, user, password });
  await seedDefaultSubscriptions({ driver, database: DATABASE }, tenant);
});
afterAll(async () => {
  await driver?.executeQuery("MATCH (n {tenantId: $tenant}) DETACH DELETE n", { tenant }, { database: DATABASE });
  await driver?.close();
});

describe("the feed's reader rules cache", () => {
  it("serves every subscriber of a tenant from one read, each with its own rules", async () => {
    const { target, statements } = countingTarget();
    let clock = 0;
    const cache = createReaderRulesCache(target, 5000, () => clock);
    const agents = ["mongke", "kublai", "jochi", "temujin", "nobody-here"];
    // First round: each reader joins (the first reads, the others are read alone as they join).
    for (const agent of agents) await cache.get(tenant, agent, 0);
    expect(statements()).toBe(agents.length);
    // Within the refresh: nothing is read again.
    for (const agent of agents) await cache.get(tenant, agent, 0);
    expect(statements()).toBe(agents.length);
    // After it: the first to ask reads everyone's in one statement.
    clock = 5000;
    const answers = await Promise.all(agents.map((agent) => cache.get(tenant, agent, 0)));
    expect(statements()).toBe(agents.length + 1);

    for (const [i, agent] of agents.entries()) {
      expect(answers[i]!.rules).toEqual(await loadFeedRules({ driver, database: DATABASE }, tenant, agent));
    }
    expect(answers[0]!.rules.map((r) => r.sources).sort()).toEqual([["jochi"], ["temujin"]]);
    expect(answers[4]).toEqual({ rules: [], broadcasts: "IMMEDIATE" });
  });

  it("reads again when this process changed the tenant's rules, and sees another process's change after the refresh", async () => {
    const { target, statements } = countingTarget();
    let clock = 0;
    const cache = createReaderRulesCache(target, 5000, () => clock);
    const first = (await cache.get(tenant, "kublai", 0)).broadcasts;
    const other = first === "BATCHED" ? "IMMEDIATE" : "BATCHED";
    const setDelivery = (delivery: string) =>
      driver.executeQuery("MATCH (a:Agent {tenantId: $tenant, id: 'kublai'}) SET a.broadcastDelivery = $delivery", { tenant, delivery }, { database: DATABASE });
    await setDelivery(other);
    // Another process's change: still the kept answer within the refresh.
    expect((await cache.get(tenant, "kublai", 0)).broadcasts).toBe(first);
    // Past it, the read runs behind the kept answer; two refreshes on, the asker waits for that read.
    clock = 5000;
    expect((await cache.get(tenant, "kublai", 0)).broadcasts).toBe(first);
    clock = 10_000;
    expect((await cache.get(tenant, "kublai", 0)).broadcasts).toBe(other);
    await setDelivery(first);
    const before = statements();
    // This process's change bumps the version: read at once.
    expect((await cache.get(tenant, "kublai", 1)).broadcasts).toBe(first);
    expect(statements()).toBe(before + 1);
  });

  it("a read due by time runs behind the kept rules: an ask does not wait for it", async () => {
    const { target, statements, hold, release } = countingTarget();
    let clock = 0;
    const cache = createReaderRulesCache(target, 5000, () => clock);
    const kept = await cache.get(tenant, "jochi", 0);
    hold();
    clock = 5000;
    // The read is sent and held at the database's door; the answer is the kept one, at once.
    const asked = cache.get(tenant, "jochi", 0);
    const answer = await Promise.race([asked, new Promise((resolve) => setImmediate(() => resolve("waited for the read")))]);
    expect(answer).toBe(kept);
    expect(statements()).toBe(2);
    release();
    // Two refreshes on, the held read is the one the asker waits for: no other statement.
    clock = 10_000;
    expect(await cache.get(tenant, "jochi", 0)).toEqual(kept);
    expect(statements()).toBe(2);
  });

  it("drops a reader that stopped asking from the next read, and does not keep a failed read", async () => {
    const { target } = countingTarget();
    let clock = 0;
    let fail = false;
    const failing = { ...target, driver: new Proxy(target.driver, { get: (t, k, r) => (k === "session" && fail ? () => ({ run: () => Promise.reject(new Error("database down")), close: async () => {} }) : Reflect.get(t, k, r)) }) };
    const cache = createReaderRulesCache(failing, 5000, () => clock);
    const kept = await cache.get(tenant, "mongke", 0);
    fail = true;
    clock = 5000;
    // The read behind the kept rules fails; they still serve within a second refresh.
    expect(await cache.get(tenant, "mongke", 0)).toBe(kept);
    clock = 10_000;
    await expect(cache.get(tenant, "mongke", 0)).rejects.toThrow("database down");
    fail = false;
    const again = await cache.get(tenant, "mongke", 0);
    expect(again.rules.length).toBe(2);
  });
});
