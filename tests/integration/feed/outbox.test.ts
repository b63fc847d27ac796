/**
 * The durable outbox against the real Neo4j: events staged in the writer's
 * transaction and numbered after its commit, gap-free per-tenant sequences
 * under concurrency (one process or two), nothing left by a transaction that
 * fails after staging, events a stopped process left numbered by a sweep, and
 * replay in order from a cursor.
 */
import { randomUUID } from "node:crypto";
import neo4j, { type Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { appendOutboxEvent, appendOutboxEvents } from "../../../src/feed/appendOutboxEvent.js";
import { createOutboxSequencer } from "../../../src/feed/outboxSequencer.js";
import { writeWithEvents } from "../../../src/feed/outboxWrite.js";
import type { OutboxSequencer } from "../../../src/core/outboxEvent.js";
import { readOutbox } from "../../../src/feed/readOutbox.js";
import { createDriver } from "../../../src/graph/driver.js";
import { executor } from "../../../src/graph/executor.js";
import { noRows } from "../../../src/graph/statement.js";
import { OUTBOX_MIGRATIONS } from "../../../src/feed/outboxMigrations.js";
import { runMigrations } from "../../../src/graph/migrations/runMigrations.js";
import { sampleEvent } from "./sampleEvent.js";
import { createLogger } from "../../../src/logging/logger.js";

const DATABASE = "neo4j";
const run = randomUUID().slice(0, 8);
let driver: Driver;
let outbox: OutboxSequencer;
const silent = createLogger({ logLevel: "silent" });
const target = () => ({ driver, database: DATABASE });
const tenants: string[] = [];

/** A tenant of this test's own: its counter starts from nothing. */
function freshTenant(name: string): string {
  const tenant = `outbox-${name}-${run}`;
  tenants.push(tenant);
  return tenant;
}

const event = sampleEvent;

/** The write an event describes and the event, in one transaction (`fail` throws after both), numbered after it commits. */
async function writeWithEvent(tenantId: string, nodeId: string, fail = false, sequencer: OutboxSequencer = outbox): Promise<number> {
  const { events } = await writeWithEvents({ driver, database: DATABASE, outbox: sequencer }, async (tx) => {
    await tx.run(noRows("CREATE (:OutboxTestNode {tenantId: $tenantId, id: $nodeId})", { tenantId, nodeId }));
    const staged = await appendOutboxEvent(tx, event(tenantId, nodeId));
    if (fail) throw new Error(`planned failure after staging ${nodeId}`);
    return { result: null, staged };
  });
  return events![0]!.seq;
}

/** The driver, with every statement its sessions run recorded in `sent`: what a sequencer sends. */
function watchedDriver(sent: string[]): Driver {
  return new Proxy(driver, {
    get(target, name) {
      if (name !== "session") return (Reflect.get(target, name) as (...a: unknown[]) => unknown).bind?.(target) ?? Reflect.get(target, name);
      return (...args: Parameters<Driver["session"]>) => {
        const session = target.session(...args);
        const run = session.run.bind(session);
        return Object.assign(session, { run: (cypher: string, params?: Record<string, unknown>) => (sent.push(cypher), run(cypher, params)) });
      };
    },
  });
}

const count = async (cypher: string, tenantId: string) =>
  neo4j.integer.toNumber((await driver.executeQuery(cypher, { tenantId }, { database: DATABASE })).records[0]!.get(0));

beforeAll(async () => {
  const { uri, user, password } = inject("neo4j");
  driver = createDriver({ uri, user, password });
  await runMigrations(driver, DATABASE, OUTBOX_MIGRATIONS, silent);
  outbox = createOutboxSequencer({ driver, database: DATABASE, logger: silent, sweepMs: 0 });
});
afterAll(async () => {
  await outbox?.stop();
  await driver?.executeQuery("MATCH (n) WHERE n.tenantId IN $tenants DETACH DELETE n", { tenants }, { database: DATABASE });
  await driver?.close();
});

describe("appendOutboxEvent and the sequencer", () => {
  it("50 concurrent transactions of a new tenant get the sequence numbers 1..50, each once, from this process's rounds", async () => {
    const tenant = freshTenant("parallel");
    // The statements the sequencer sends: none should read a write's events back, since this process numbered them all.
    // (Other test files' gateways sweep this database too, but leave events younger than 2 s to their writers.)
    const sent: string[] = [];
    const watched = watchedDriver(sent);
    const sequencer = createOutboxSequencer({ driver: watched, database: DATABASE, logger: silent, sweepMs: 0 });
    const seqs = await Promise.all(Array.from({ length: 50 }, (_, i) => writeWithEvent(tenant, `n${i}`, false, sequencer)));
    await sequencer.stop();
    expect(sent.some((cypher) => cypher.includes("OutboxCounter"))).toBe(true);
    expect(sent.filter((cypher) => cypher.includes("e.writeId = $writeId"))).toEqual([]);
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await count("MATCH (e:OutboxEvent {tenantId: $tenantId}) RETURN count(e)", tenant)).toBe(50);
    expect(await count("MATCH (c:OutboxCounter {tenantId: $tenantId}) RETURN count(c)", tenant)).toBe(1);
  });

  it("a write of a tenant with nothing in flight numbers its own events in its transaction: no round runs, and the listeners hear them", async () => {
    const tenant = freshTenant("turn");
    const sent: string[] = [];
    // Rounds run as statements of their own (session.run); a turn's statement runs inside the write's transaction.
    const sequencer = createOutboxSequencer({ driver: watchedDriver(sent), database: DATABASE, logger: silent, sweepMs: 0 });
    const heard: [string, number][] = [];
    sequencer.onNumbered((t, events) => t === tenant && heard.push(...events.map((e) => [e.nodeId, e.seq] as [string, number])));
    try {
      expect(await writeWithEvent(tenant, "first", false, sequencer)).toBe(1);
      expect(await writeWithEvent(tenant, "second", false, sequencer)).toBe(2);
      expect(sent.filter((cypher) => cypher.includes("OutboxCounter"))).toEqual([]);
      expect(heard).toEqual([["first", 1], ["second", 2]]);
      expect(await count("MATCH (e:OutboxPending {tenantId: $tenantId}) RETURN count(e)", tenant)).toBe(0);
      // A failed write gives its turn back: the next write of the tenant takes one again.
      await expect(writeWithEvent(tenant, "lost", true, sequencer)).rejects.toThrow("planned failure");
      expect(await writeWithEvent(tenant, "third", false, sequencer)).toBe(3);
      expect(sent.filter((cypher) => cypher.includes("OutboxCounter"))).toEqual([]);
    } finally {
      await sequencer.stop();
    }
  });

  it("while a write holds its tenant's turn, another write of the tenant goes to a round, and both get their own number", async () => {
    const tenant = freshTenant("turn-held");
    const sent: string[] = [];
    const sequencer = createOutboxSequencer({ driver: watchedDriver(sent), database: DATABASE, logger: silent, sweepMs: 0 });
    try {
      expect(sequencer.numbering(tenant)).toBe(false);
      const turn = sequencer.turn(tenant);
      expect(turn).not.toBeNull();
      expect(sequencer.turn(tenant)).toBeNull();
      // The feed's probe leaves a tenant alone while this process numbers its events (a turn held, or a round).
      expect(sequencer.numbering(tenant)).toBe(true);
      // The held turn is not used: this write numbers through a round.
      expect(await writeWithEvent(tenant, "by-round", false, sequencer)).toBe(1);
      expect(sent.filter((cypher) => cypher.includes("OutboxCounter"))).toHaveLength(1);
      turn!.done(null);
      expect(sequencer.numbering(tenant)).toBe(false);
      expect(await writeWithEvent(tenant, "by-turn", false, sequencer)).toBe(2);
      expect(sent.filter((cypher) => cypher.includes("OutboxCounter"))).toHaveLength(1);
    } finally {
      await sequencer.stop();
    }
  });

  it("a write numbered by a round that ended before its writer asked is found without a read-back", async () => {
    const tenant = freshTenant("early");
    const sent: string[] = [];
    const watched = watchedDriver(sent);
    const sequencer = createOutboxSequencer({ driver: watched, database: DATABASE, logger: silent, sweepMs: 0 });
    // Another write of the tenant holds its turn (numbering its own events in its transaction), so the quick write
    // below goes through a round, which numbers every pending event of the tenant.
    const turn = sequencer.turn(tenant);
    try {
      // A write commits, and its writer is slow to ask for its number... (Rounds number oldest first by the writer's
      // clock, then by write id: the sample events share one createdAt, so this one is made older to come first.)
      const older = event(tenant, "slow", { createdAt: new Date("2026-02-03T09:00:00.000Z") });
      const staged = await executor(target()).writeTransaction((tx) => appendOutboxEvent(tx, older));
      // ...while another write's round numbers every pending event of the tenant, the slow one's first.
      expect(await writeWithEvent(tenant, "quick", false, sequencer)).toBe(2);
      const events = await sequencer.number(staged);
      expect(events?.map((e) => [e.seq, e.nodeId])).toEqual([[1, "slow"]]);
      expect(sent.filter((cypher) => cypher.includes("e.writeId = $writeId"))).toEqual([]);
    } finally {
      turn?.done(null);
      await sequencer.stop();
    }
  });

  it("a transaction that fails after appending leaves neither its node nor its event, and gives its number back", async () => {
    const tenant = freshTenant("rollback");
    expect(await writeWithEvent(tenant, "kept-1")).toBe(1);
    await expect(writeWithEvent(tenant, "lost", true)).rejects.toThrow("planned failure after staging lost");
    expect(await count("MATCH (n:OutboxTestNode {tenantId: $tenantId, id: 'lost'}) RETURN count(n)", tenant)).toBe(0);
    expect(await count("MATCH (e:OutboxEvent {tenantId: $tenantId, nodeId: 'lost'}) RETURN count(e)", tenant)).toBe(0);
    expect(await writeWithEvent(tenant, "kept-2")).toBe(2);
  });

  it("30 concurrent transactions of which every third fails after appending commit 20 events numbered 1..20", async () => {
    const tenant = freshTenant("mixed");
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => writeWithEvent(tenant, `m${i}`, i % 3 === 2)));
    expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(10);
    const events = await readOutbox(target(), tenant, 0, 100);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(events.every((e) => Number(e.nodeId.slice(1)) % 3 !== 2)).toBe(true);
  });

  it("each tenant counts on its own", async () => {
    const [a, b] = [freshTenant("a"), freshTenant("b")];
    expect(await writeWithEvent(a, "x")).toBe(1);
    expect(await writeWithEvent(a, "y")).toBe(2);
    expect(await writeWithEvent(b, "z")).toBe(1);
  });

  it("numbers several events of one transaction consecutively and gives them back exactly as readers will see them", async () => {
    const tenant = freshTenant("batch");
    await writeWithEvent(tenant, "first");
    const batch = [event(tenant, "b1"), event(tenant, "b2", { payload: { nested: { list: [1, "two"] } }, confidence: null }), event(tenant, "b3", { createdAt: new Date("2026-02-03T10:00:00.123Z") })];
    const { events: written } = await writeWithEvents({ driver, database: DATABASE, outbox }, async (tx) => ({ result: null, staged: await appendOutboxEvents(tx, batch) }));
    expect(written!.map((e) => [e.seq, e.nodeId])).toEqual([[2, "b1"], [3, "b2"], [4, "b3"]]);
    expect(await readOutbox(target(), tenant, 1, 10)).toEqual(written);
    const graph = executor(target());
    await expect(graph.writeTransaction((tx) => appendOutboxEvents(tx, [event(tenant, "x"), event(freshTenant("other"), "y")]))).rejects.toThrow(/one tenant/);
    const empty = await graph.writeTransaction((tx) => appendOutboxEvents(tx, []));
    expect(empty.count).toBe(0);
    expect(await outbox.number(empty)).toEqual([]);
    expect(await count("MATCH (e:OutboxEvent {tenantId: $tenantId}) RETURN count(e)", tenant)).toBe(4);
  });

  it("a committed write's events are invisible to readers until numbered; a sweep numbers what a stopped process left once it is old enough", async () => {
    const tenant = freshTenant("left");
    expect(await writeWithEvent(tenant, "before")).toBe(1);
    // Committed, then its process stopped before asking for a number.
    await executor(target()).writeTransaction((tx) => appendOutboxEvents(tx, [event(tenant, "left-1"), event(tenant, "left-2")]));
    expect((await readOutbox(target(), tenant, 0, 10)).map((e) => e.nodeId)).toEqual(["before"]);
    // A sweep leaves events younger than its minimum age to their writer.
    const early = createOutboxSequencer({ driver, database: DATABASE, logger: silent, sweepMs: 0, sweepMinAgeMs: 60_000 });
    await early.sweep();
    await early.stop();
    expect(await count("MATCH (e:OutboxPending {tenantId: $tenantId}) RETURN count(e)", tenant)).toBe(2);
    const restarted = createOutboxSequencer({ driver, database: DATABASE, logger: silent, sweepMs: 0, sweepMinAgeMs: 0 });
    const heard: number[] = [];
    restarted.onNumbered((t, events) => t === tenant && heard.push(...events.map((e) => e.seq)));
    await restarted.sweep();
    await restarted.stop();
    expect((await readOutbox(target(), tenant, 0, 10)).map((e) => [e.seq, e.nodeId])).toEqual([[1, "before"], [2, "left-1"], [3, "left-2"]]);
    expect(heard).toEqual([2, 3]);
    expect(await count("MATCH (e:OutboxPending {tenantId: $tenantId}) RETURN count(e)", tenant)).toBe(0);
    expect(await count("MATCH (c:OutboxCounter {tenantId: $tenantId}) RETURN c.seq", tenant)).toBe(3);
  });

  it("two processes' sequencers writing one tenant at once number 1..60 without a gap, and each writer gets its own number", async () => {
    const tenant = freshTenant("two-processes");
    const other = createOutboxSequencer({ driver, database: DATABASE, logger: silent, sweepMs: 0 });
    try {
      const seqs = await Promise.all(Array.from({ length: 60 }, (_, i) => writeWithEvent(tenant, `p${i}`, false, i % 2 ? other : outbox)));
      expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      const events = await readOutbox(target(), tenant, 0, 100);
      // Each writer was told the number its event has.
      expect(Object.fromEntries(events.map((e) => [e.nodeId, e.seq]))).toEqual(Object.fromEntries(seqs.map((seq, i) => [`p${i}`, seq])));
    } finally {
      await other.stop();
    }
  });

  it("refuses an event or node type that is not a plain name, before anything reaches Cypher", async () => {
    const tenant = freshTenant("names");
    for (const bad of [{ type: "X' }) DETACH DELETE e //" }, { nodeType: "Research|Concept" }, { type: "" }]) {
      await expect(executor(target()).writeTransaction((tx) => appendOutboxEvent(tx, event(tenant, "n", bad)))).rejects.toThrow(/plain name/);
    }
    expect(await count("MATCH (e:OutboxEvent {tenantId: $tenantId}) RETURN count(e)", tenant)).toBe(0);
  });
});

describe("readOutbox", () => {
  it("replays the events after a cursor in sequence order, a page at a time, with every field as written", async () => {
    const tenant = freshTenant("replay");
    for (let i = 1; i <= 7; i++) await writeWithEvent(tenant, `r${i}`);
    const page1 = await readOutbox(target(), tenant, 0, 3);
    const page2 = await readOutbox(target(), tenant, page1.at(-1)!.seq, 3);
    const page3 = await readOutbox(target(), tenant, page2.at(-1)!.seq, 3);
    expect([...page1, ...page2, ...page3].map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await readOutbox(target(), tenant, 7, 3)).toEqual([]);
    expect(page1[0]).toEqual({ ...event(tenant, "r1"), seq: 1 });
  });

  it("refuses a negative cursor or a page outside 1..1000", async () => {
    await expect(readOutbox(target(), "t", -1, 10)).rejects.toThrow(RangeError);
    await expect(readOutbox(target(), "t", 0, 0)).rejects.toThrow(RangeError);
    await expect(readOutbox(target(), "t", 0, 1001)).rejects.toThrow(RangeError);
  });
});
