/**
 * The per-process feed hub against the real Neo4j: events a write of this
 * process committed are taken as handed over, without reading them back, and
 * never ahead of an event before them that only the outbox has (a write of
 * another process): that gap is filled by reading, and the order is kept.
 */
import { randomUUID } from "node:crypto";
import type { Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { appendOutboxEvent } from "../../../src/feed/appendOutboxEvent.js";
import { createFeedHub } from "../../../src/feed/feedHub.js";
import type { OutboxEvent, OutboxSequencer } from "../../../src/core/outboxEvent.js";
import { createOutboxSequencer } from "../../../src/feed/outboxSequencer.js";
import { writeWithEvents } from "../../../src/feed/outboxWrite.js";
import { createDriver } from "../../../src/graph/driver.js";
import { OUTBOX_MIGRATIONS } from "../../../src/feed/outboxMigrations.js";
import { runMigrations } from "../../../src/graph/migrations/runMigrations.js";
import { createLogger } from "../../../src/logging/logger.js";
import { sampleEvent } from "./sampleEvent.js";
import { MOVED } from "../../../src/feed/loadFeedRules.js";
import { READ_OUTBOX } from "../../../src/feed/readOutbox.js";

const DATABASE = "neo4j";
const logger = createLogger({ logLevel: "silent" });
let driver: Driver;
// The writers' sequencer: not wired to the hubs under test, which learn of events only as each test says.
let outbox: OutboxSequencer;
const tenants: string[] = [];


/** Commits one event in its own transaction, as any process's write would, and returns it as numbered and stored. */
async function commitEvent(tenantId: string, nodeId: string): Promise<OutboxEvent> {
  const { events } = await writeWithEvents({ driver, database: DATABASE, outbox }, async (tx) => ({ result: null, staged: await appendOutboxEvent(tx, sampleEvent(tenantId, nodeId)) }));
  return events![0]!;
}

/** A hub that polls only when woken (a minute between timed polls), listening to a fresh tenant whose head it has read. */
async function listeningHub(name: string) {
  const tenantId = `hub-${name}-${randomUUID().slice(0, 8)}`;
  tenants.push(tenantId);
  const hub = createFeedHub({ driver, database: DATABASE, logger, pollMs: 60_000 });
  let heard = 0;
  const unlisten = hub.listen(tenantId, () => heard++);
  expect(await hub.head(tenantId)).toBe(0);
  return { hub, tenantId, heard: () => heard, unlisten };
}

/** The suite's driver, recording the text of each statement the hub runs through it (and calling `before` just before it goes out). */
function recordingDriver(sent: string[], before: (cypher: string) => void = () => {}): Driver {
  return new Proxy(driver, {
    get(target, name) {
      const value = Reflect.get(target, name) as unknown;
      if (name === "session") {
        return (...args: Parameters<Driver["session"]>) => {
          const session = target.session(...args);
          return new Proxy(session, {
            get(s, key) {
              const v = Reflect.get(s, key) as unknown;
              if (key === "run") return (cypher: string, ...rest: unknown[]) => (sent.push(cypher), before(cypher), (v as (...a: unknown[]) => unknown).call(s, cypher, ...rest));
              return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(s) : v;
            },
          });
        };
      }
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function until(check: () => boolean): Promise<void> {
  for (const end = Date.now() + 5000; !check(); ) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  const { uri, user, password } = inject("neo4j");
  driver = createDriver({ uri, user, password });
  await runMigrations(driver, DATABASE, OUTBOX_MIGRATIONS, logger);
  outbox = createOutboxSequencer({ driver, database: DATABASE, logger, sweepMs: 0 });
});
afterAll(async () => {
  await outbox?.stop();
  await driver?.executeQuery("MATCH (n) WHERE n.tenantId IN $tenants DETACH DELETE n", { tenants }, { database: DATABASE });
  await driver?.close();
});

describe("feed hub", () => {
  it("takes events this process committed as handed over, at once and in order", async () => {
    const { hub, tenantId, heard, unlisten } = await listeningHub("handover");
    const [e1, e2] = [await commitEvent(tenantId, "a"), await commitEvent(tenantId, "b")];
    hub.committed(tenantId, [e2]);
    // e1 is not known yet: e2 must wait for it rather than be delivered first.
    expect(hub.eventsAfter(tenantId, 0)).toEqual([]);
    hub.committed(tenantId, [e1]);
    // Both now, without waiting for a read.
    expect(hub.eventsAfter(tenantId, 0)).toEqual([e1, e2]);
    expect(heard()).toBe(1);
    // Handing over an event again changes nothing.
    hub.committed(tenantId, [e2]);
    expect(hub.eventsAfter(tenantId, 0)).toEqual([e1, e2]);
    unlisten();
  });

  it("fills a gap left by another process's write from the outbox before the events after it", async () => {
    const { hub, tenantId, unlisten } = await listeningHub("gap");
    const others = [await commitEvent(tenantId, "other-1"), await commitEvent(tenantId, "other-2")];
    const mine = await commitEvent(tenantId, "mine");
    hub.committed(tenantId, [mine]);
    expect(hub.eventsAfter(tenantId, 0)).toEqual([]);
    await until(() => (hub.eventsAfter(tenantId, 0) ?? []).length === 3);
    expect(hub.eventsAfter(tenantId, 0)).toEqual([...others, mine]);
    expect(hub.eventsAfter(tenantId, 2)).toEqual([mine]);
    unlisten();
  });

  it("answers a wake by this process's write with one read, not a run of fast polls after it", async () => {
    // The same driver, recording the statements the hub sends (each an auto-commit statement in a session of its own).
    const sent: string[] = [];
    const counting = recordingDriver(sent);
    const tenantId = `hub-wake-${randomUUID().slice(0, 8)}`;
    tenants.push(tenantId);
    const hub = createFeedHub({ driver: counting, database: DATABASE, logger, pollMs: 25, idlePollMs: 60_000 });
    const unlisten = hub.listen(tenantId, () => {});
    await hub.head(tenantId);
    // Quiet: timed probes at 25, 50, 100 … ms stretch the interval past 3 s within 2 s.
    await new Promise((r) => setTimeout(r, 2000));
    const before = sent.length;
    hub.wake(tenantId);
    await new Promise((r) => setTimeout(r, 800));
    const after = sent.slice(before);
    // One read of the tenant's outbox; a timed probe already due may fall in the window, a run of fast ones may not.
    expect(after.filter((c) => c === READ_OUTBOX)).toHaveLength(1);
    expect(after.filter((c) => c === MOVED).length).toBeLessThanOrEqual(1);
    expect(after.filter((c) => c !== READ_OUTBOX && c !== MOVED)).toEqual([]);
    // A write's event is read by the poll it asks for.
    const e = await commitEvent(tenantId, "woken");
    hub.wake(tenantId);
    await until(() => (hub.eventsAfter(tenantId, 0) ?? []).length === 1);
    expect(hub.eventsAfter(tenantId, 0)).toEqual([e]);
    unlisten();
  });

  it("probes every tenant it listens to with one statement, and reads only a tenant that moved", async () => {
    const sent: string[] = [];
    const quiet = Array.from({ length: 50 }, (_, i) => `hub-many-${i}-${randomUUID().slice(0, 8)}`);
    const moving = `hub-moving-${randomUUID().slice(0, 8)}`;
    tenants.push(...quiet, moving);
    const hub = createFeedHub({ driver: recordingDriver(sent), database: DATABASE, logger, pollMs: 25, idlePollMs: 200 });
    const unlisten = [...quiet, moving].map((t) => hub.listen(t, () => {}));
    await Promise.all([...quiet, moving].map((t) => hub.head(t)));
    // Idle: within a second, at most the probes of a doubling from 25 ms to 200 ms, whatever the number of tenants.
    const idleFrom = sent.length;
    await new Promise((r) => setTimeout(r, 1000));
    const idle = sent.slice(idleFrom);
    expect(idle.filter((c) => c !== MOVED)).toEqual([]);
    expect(idle.length).toBeGreaterThan(0);
    expect(idle.length).toBeLessThanOrEqual(8);
    // Another process's write to one tenant: the next probe finds it, and only that tenant is read.
    const readsBefore = sent.filter((c) => c === READ_OUTBOX).length;
    const e = await commitEvent(moving, "moved");
    await until(() => (hub.eventsAfter(moving, 0) ?? []).length === 1);
    expect(hub.eventsAfter(moving, 0)).toEqual([e]);
    expect(sent.filter((c) => c === READ_OUTBOX).length - readsBefore).toBe(1);
    for (const t of quiet) expect(hub.eventsAfter(t, 0)).toEqual([]);
    unlisten.forEach((u) => u());
  });

  it("leaves a tenant this process is numbering to the hand-over: its timed probes read none of that write's events", async () => {
    const sent: string[] = [];
    let numbering = true;
    const tenantId = `hub-numbering-${randomUUID().slice(0, 8)}`;
    tenants.push(tenantId);
    const hub = createFeedHub({ driver: recordingDriver(sent), database: DATABASE, logger, pollMs: 25, idlePollMs: 100, numbering: () => numbering });
    const unlisten = hub.listen(tenantId, () => {});
    await hub.head(tenantId);
    // A write of this process has committed and not handed its event over yet: probes see the counter move.
    const e = await commitEvent(tenantId, "mine");
    const from = sent.length;
    await new Promise((r) => setTimeout(r, 500));
    expect(sent.slice(from).filter((c) => c === MOVED).length).toBeGreaterThan(0);
    expect(sent.slice(from).filter((c) => c === READ_OUTBOX)).toEqual([]);
    hub.committed(tenantId, [e]);
    expect(hub.eventsAfter(tenantId, 0)).toEqual([e]);
    // Numbering done: another process's event is read by the next probe.
    numbering = false;
    const other = await commitEvent(tenantId, "other");
    await until(() => (hub.eventsAfter(tenantId, 0) ?? []).length === 2);
    expect(hub.eventsAfter(tenantId, 0)).toEqual([e, other]);
    expect(sent.slice(from).filter((c) => c === READ_OUTBOX)).toHaveLength(1);
    unlisten();
  });

  it("does not read events handed over while its probe ran: the probe's answer is compared with what the hub has by then", async () => {
    const sent: string[] = [];
    const tenantId = `hub-overtaken-${randomUUID().slice(0, 8)}`;
    tenants.push(tenantId);
    // The event is handed over just as the probe's statement goes out: the probe asked with the last seq before it.
    let handOver: (() => void) | null = null;
    const hook = recordingDriver(sent, (cypher) => {
      if (cypher === MOVED && handOver) [handOver, handOver = null][0]!();
    });
    const hub = createFeedHub({ driver: hook, database: DATABASE, logger, pollMs: 25, idlePollMs: 400 });
    const unlisten = hub.listen(tenantId, () => {});
    await hub.head(tenantId);
    // Just after a probe (the next one is 400 ms away), so that none is in flight while the event commits.
    await new Promise((r) => setTimeout(r, 1000));
    const probes = sent.filter((c) => c === MOVED).length;
    await until(() => sent.filter((c) => c === MOVED).length > probes);
    await new Promise((r) => setTimeout(r, 20));
    const from = sent.length;
    const e = await commitEvent(tenantId, "mine");
    handOver = () => hub.committed(tenantId, [e]);
    await until(() => handOver === null);
    await new Promise((r) => setTimeout(r, 300));
    expect(hub.eventsAfter(tenantId, 0)).toEqual([e]);
    expect(sent.slice(from).filter((c) => c === READ_OUTBOX)).toEqual([]);
    unlisten();
  });

  it("ignores events handed over for a tenant nobody in this process listens to", async () => {
    const hub = createFeedHub({ driver, database: DATABASE, logger, pollMs: 60_000 });
    const tenantId = `hub-nobody-${randomUUID().slice(0, 8)}`;
    tenants.push(tenantId);
    hub.committed(tenantId, [await commitEvent(tenantId, "x")]);
    expect(hub.eventsAfter(tenantId, 0)).toBeNull();
  });
});
