import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import type { ExtractedFact, Extractor } from "../../../src/extraction/index.js";
import { claimMessages, LeaseLostError, settleMessages } from "../../../src/extraction/extractionQueue.js";
import { createExtractionWorker } from "../../../src/extraction/extractionWorker.js";
import { createLogger } from "../../../src/logging/logger.js";
import { assertFacts, validateAssertions } from "../../../src/facts/index.js";
import { testConfig } from "../../support/testGateway.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/**
 * The extraction stage's mechanics, with an extractor of the test's own so
 * that what it learns is known exactly: "I use X" is a HAS_SKILL of the
 * author. (The deterministic extractor's quality is measured elsewhere.)
 */
const calls: string[] = [];
let failing = false;
const usesExtractor: Extractor = {
  name: "test-uses",
  version: "1",
  async extract(batch) {
    if (failing) throw new Error("the extractor broke");
    const facts: ExtractedFact[] = [];
    for (const m of batch) {
      calls.push(m.id);
      for (const [, skill] of m.text.matchAll(/I use (\w+)/g)) {
        if (m.authorPersonId) facts.push({ subject: m.authorPersonId, relation: "HAS_SKILL", object: skill!, confidence: 0.7, evidence: [m.id], source: "test/uses@1" });
      }
    }
    return facts;
  },
};

let t: TokenGateway;
let me: Caller;
let other: Caller;
const pid = (n: string) => `${t.tenant}-${n}`;

const PEOPLE = `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`;
const CREATE = `mutation ($input: [MessageCreateInput!]!) { createMessages(input: $input) { messages { id extractionStatus } } }`;
const STATUS = `query ($ids: [ID!]!) { messages(where: { id: { in: $ids } }) { id extractionStatus } }`;

const msg = (id: string, author: string, content: string, extra: Record<string, unknown> = {}) => ({
  id: pid(id),
  authorId: pid(author),
  content,
  timestamp: "2026-03-01T10:00:00Z",
  author: { connect: [{ where: { node: { id: { eq: pid(author) } } } }] },
  ...extra,
});

async function skills(person: string) {
  const { records } = await t.gw.driver.executeQuery(
    `MATCH (p:Person {tenantId: $tenant, id: $id})-[r:HAS_SKILL]->(s) RETURN s.name AS skill, r.evidence AS evidence, r.source AS source, r.confidence AS confidence ORDER BY skill`,
    { tenant: t.tenant, id: pid(person) },
  );
  return records.map((r) => r.toObject());
}
async function statusOf(ids: string[]) {
  const res = await t.as(me, STATUS, { ids: ids.map(pid) });
  return Object.fromEntries((res.data!.messages as { id: string; extractionStatus: string }[]).map((m) => [m.id.slice(t.tenant.length + 1), m.extractionStatus]));
}
const drain = () => t.gw.app.extraction!.drain();

beforeAll(async () => {
  t = await startTokenGateway({ tenantPrefix: "extract", extractor: usesExtractor, config: { extraction: { maxAttempts: 2 } as never } });
  me = t.caller("bot");
  other = t.caller("other");
  const res = await t.as(me, PEOPLE, { input: ["ana", "ben", "cy"].map((n) => ({ id: pid(n), name: n })) });
  expect(res.errors).toBeUndefined();
});
afterAll(async () => {
  await t?.stop();
});

describe("the extraction stage", () => {
  it("a message written through createMessages is PENDING in its own transaction, then DONE with its facts, their evidence and source", async () => {
    const res = await t.as(me, CREATE, { input: [msg("m1", "ana", "I use Rust at work"), msg("m2", "ben", "nothing to learn here")] });
    expect(res.errors).toBeUndefined();
    expect((res.data!.createMessages as { messages: { extractionStatus: string }[] }).messages.map((m) => m.extractionStatus)).toEqual(["PENDING", "PENDING"]);
    await drain();
    expect(await statusOf(["m1", "m2"])).toEqual({ m1: "DONE", m2: "DONE" });
    expect(await skills("ana")).toEqual([{ skill: "Rust", evidence: [pid("m1")], source: "test/uses@1", confidence: 0.7 }]);
    const { records } = await t.gw.driver.executeQuery(`MATCH (m:Message {tenantId: $tenant, id: $id}) RETURN m.extractedBy AS by, m.extractedFacts AS n`, { tenant: t.tenant, id: pid("m1") });
    expect(records[0]!.toObject()).toEqual({ by: "test-uses@1", n: expect.objectContaining({ low: 1 }) });
  });

  it("recordMessages queues what it creates; an import of the same messages again queues nothing", async () => {
    const REC = `mutation ($m: [MessageImportInput!]!) { recordMessages(messages: $m) { created } }`;
    const rows = [{ id: pid("r1"), channelId: pid("ch"), authorId: pid("cy"), content: "I use Python daily", timestamp: "2026-03-02T10:00:00Z" }];
    expect((await t.as(me, REC, { m: rows })).data!.recordMessages).toEqual({ created: 1 });
    await drain();
    expect(await skills("cy")).toEqual([expect.objectContaining({ skill: "Python", evidence: [pid("r1")] })]);
    const before = calls.length;
    expect((await t.as(me, REC, { m: rows })).data!.recordMessages).toEqual({ created: 0 });
    await drain();
    expect(calls.length).toBe(before);
    expect(await statusOf(["r1"])).toEqual({ r1: "DONE" });
  });

  it("an edit of the text is read again; an edit of anything else is settled without reading, and nothing is doubled", async () => {
    const UPDATE = `mutation ($id: ID!, $update: MessageUpdateInput!) { updateMessages(where: { id: { eq: $id } }, update: $update) { messages { extractionStatus } } }`;
    let res = await t.as(me, UPDATE, { id: pid("m1"), update: { content: { set: "I use Rust at work and I use Go at home" } } });
    expect(res.data!.updateMessages).toEqual({ messages: [{ extractionStatus: "PENDING" }] });
    await drain();
    expect((await skills("ana")).map((s) => [s.skill, s.evidence, s.confidence])).toEqual([
      ["Go", [pid("m1")], 0.7],
      // The same message read again is not a second witness: confidence stays.
      ["Rust", [pid("m1")], 0.7],
    ]);
    const before = calls.length;
    res = await t.as(me, UPDATE, { id: pid("m1"), update: { sharedWith: { set: [other.agentId] } } });
    expect(res.data!.updateMessages).toEqual({ messages: [{ extractionStatus: "PENDING" }] });
    await drain();
    expect(calls.length).toBe(before);
    expect(await statusOf(["m1"])).toEqual({ m1: "DONE" });
  });

  it("a PRIVATE message and a message of a channel that does not learn facts are SKIPPED, with nothing written", async () => {
    const CH = `mutation ($id: ID!) { createChannels(input: [{ id: $id, learnFacts: false }]) { channels { learnFacts } } }`;
    expect((await t.as(me, CH, { id: pid("quiet") })).data!.createChannels).toEqual({ channels: [{ learnFacts: false }] });
    const res = await t.as(me, CREATE, {
      input: [
        msg("p1", "ben", "I use Haskell", { visibility: "PRIVATE" }),
        msg("q1", "ben", "I use Elixir", { channel: { connect: [{ where: { node: { id: { eq: pid("quiet") } } } }] } }),
      ],
    });
    expect(res.errors).toBeUndefined();
    await drain();
    expect(await statusOf(["p1", "q1"])).toEqual({ p1: "SKIPPED", q1: "SKIPPED" });
    expect(await skills("ben")).toEqual([]);
  });

  it("a worker that dies holding a claim loses it when the lease lapses; the next worker writes exactly the facts an uninterrupted one would", async () => {
    await t.as(me, CREATE, { input: [msg("d1", "cy", "I use Julia"), msg("d2", "cy", "I use Zig")] });
    const dead = await claimMessages(t.gw.driver, "neo4j", "dead-worker", { limit: 10, leaseSeconds: 2, tenants: [t.tenant] });
    expect(dead.map((m) => m.id).sort()).toEqual([pid("d1"), pid("d2")]);
    await drain();
    // Still held by the dead worker.
    expect(await statusOf(["d1", "d2"])).toEqual({ d1: "PENDING", d2: "PENDING" });
    await new Promise((r) => setTimeout(r, 2500));
    await drain();
    expect(await statusOf(["d1", "d2"])).toEqual({ d1: "DONE", d2: "DONE" });
    expect((await skills("cy")).map((s) => [s.skill, s.evidence])).toEqual([
      ["Julia", [pid("d1")]],
      ["Python", [pid("r1")]],
      ["Zig", [pid("d2")]],
    ]);
  });

  it("a worker that comes back after losing its lease cannot write: its facts roll back with the refused settlement", async () => {
    await t.as(me, CREATE, { input: [msg("z1", "ana", "I use Kotlin")] });
    const zombie = await claimMessages(t.gw.driver, "neo4j", "zombie", { limit: 10, leaseSeconds: 1, tenants: [t.tenant] });
    expect(zombie).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1500));
    await drain();
    expect((await skills("ana")).map((s) => s.skill)).toEqual(["Go", "Kotlin", "Rust"]);
    const valid = validateAssertions([{ subject: pid("ana"), relation: "HAS_SKILL", object: "Fortran", confidence: 0.9, evidence: [pid("z1")] }], t.gw.app.schema.factTypes);
    const settle = [{ key: zombie[0]!.key, content: zombie[0]!.content, status: "DONE" as const, contentKey: "x", note: null, facts: 1, extractor: "zombie" }];
    const deps = { driver: t.gw.driver, database: "neo4j", embedder: t.gw.app.embedder, now: () => new Date() };
    await expect(assertFacts(deps, me, valid, t.gw.app.schema.factRelations, { inTransaction: (tx) => settleMessages(tx, "zombie", settle) })).rejects.toBeInstanceOf(LeaseLostError);
    expect((await skills("ana")).map((s) => s.skill)).toEqual(["Go", "Kotlin", "Rust"]);
  });

  it("a batch whose extraction keeps failing is retried after a back-off, then FAILED with the error kept", async () => {
    failing = true;
    try {
      await t.as(me, CREATE, { input: [msg("f1", "ben", "I use COBOL")] });
      await drain();
      expect(await statusOf(["f1"])).toEqual({ f1: "PENDING" });
      // Back-off after the first attempt: 2 s.
      await new Promise((r) => setTimeout(r, 2300));
      await drain();
      expect(await statusOf(["f1"])).toEqual({ f1: "FAILED" });
      const { records } = await t.gw.driver.executeQuery(`MATCH (m:Message {tenantId: $tenant, id: $id}) RETURN m.extractionNote AS note`, { tenant: t.tenant, id: pid("f1") });
      expect(records[0]!.get("note")).toBe("the extractor broke");
      expect(t.gw.app.extraction!.stats()).toMatchObject({ failures: 2, lastError: "the extractor broke" });
    } finally {
      failing = false;
    }
  });
});

describe("watching and steering the extraction stage", () => {
  const STATE = `{ extractionState { enabled extractor paused pending failed skipped done oldestPendingSeconds } }`;
  const PAUSE = `mutation ($p: Boolean!) { pauseExtraction(paused: $p) { paused pending } }`;
  const QUEUE = `mutation ($s: [ExtractionStatus!]!) { queueExtraction(statuses: $s) }`;

  it("a tenant admin reads the queue by status; an agent is refused", async () => {
    const admin = t.caller("admin", ["admin"]);
    const res = await t.as(admin, STATE);
    expect(res.errors).toBeUndefined();
    // m1 m2 r1 d1 d2 z1 read; p1 (private) and q1 (quiet channel) skipped; f1 failed.
    expect(res.data!.extractionState).toMatchObject({ enabled: true, extractor: "test-uses@1", paused: false, pending: 0, failed: 1, skipped: 2, done: 6, oldestPendingSeconds: 0 });
    expect((await t.as(me, STATE)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("only the operator pauses; while paused every message waits, PENDING, and resuming reads them", async () => {
    const admin = t.caller("admin", ["admin"]);
    expect((await t.as(admin, PAUSE, { p: true })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const op = t.operator("op", ["admin"]);
    try {
      expect((await t.as(op, PAUSE, { p: true })).data!.pauseExtraction).toEqual({ paused: true, pending: 0 });
      await t.as(me, CREATE, { input: [msg("w1", "ben", "I use Lua")] });
      await drain();
      expect(await statusOf(["w1"])).toEqual({ w1: "PENDING" });
      const health = (await (await fetch(t.gw.url.replace("/graphql", "/health"))).json()) as { extraction: Record<string, unknown> };
      expect(health.extraction).toMatchObject({ paused: true });
      expect(health.extraction.pending).toBeGreaterThanOrEqual(1);
      const metrics = await (await fetch(t.gw.url.replace("/graphql", "/metrics"), { headers: { authorization: `Bearer ${await t.token(op)}` } })).text();
      expect(metrics).toMatch(/^mnemograph_extraction_paused 1$/m);
      expect(metrics).toMatch(/^mnemograph_extraction_queue_depth\{status="pending"\} [1-9]/m);
      expect(metrics).toMatch(/^mnemograph_extraction_lag_seconds \d/m);
    } finally {
      await t.as(op, PAUSE, { p: false });
    }
    await drain();
    expect(await statusOf(["w1"])).toEqual({ w1: "DONE" });
    expect((await skills("ben")).map((s) => s.skill)).toEqual(["Lua"]);
  });

  it("queueExtraction reads again what failed or was stored before extraction existed (the backfill of a history)", async () => {
    // A message as an older gateway left it: no status; the migration marks such messages SKIPPED.
    await t.gw.driver.executeQuery(
      `MATCH (p:Person {tenantId: $tenant, id: $author})
       CREATE (p)-[:AUTHORED]->(:Message {tenantId: $tenant, id: $id, ownerId: $owner, visibility: 'SHARED', sharedWith: [], authorId: $author,
         content: 'I use Prolog', timestamp: datetime('2020-01-01T00:00:00Z'), createdAt: datetime(), embeddingStatus: 'READY',
         extractionStatus: 'SKIPPED', extractionNote: 'stored before extraction'})`,
      { tenant: t.tenant, id: pid("old1"), author: pid("cy"), owner: me.agentId },
    );
    const admin = t.caller("admin", ["admin"]);
    expect((await t.as(me, QUEUE, { s: ["SKIPPED"] })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const queued = await t.as(admin, QUEUE, { s: ["SKIPPED", "FAILED"] });
    expect(queued.data!.queueExtraction).toBe(4); // old1, the failed f1, and p1 and q1 (which are skipped again)
    await drain();
    expect(await statusOf(["old1", "f1", "p1", "q1"])).toEqual({ old1: "DONE", f1: "DONE", p1: "SKIPPED", q1: "SKIPPED" });
    expect((await skills("cy")).map((s) => s.skill)).toContain("Prolog");
    expect((await skills("ben")).map((s) => s.skill)).toEqual(["COBOL", "Lua"]);
  });
});

describe("retractFact", () => {
  const RETRACT = `mutation ($id: ID!, $reason: String!) { retractFact(id: $id, reason: $reason) { id object confidence current source retraction { reason by } } }`;

  it("closes a learned fact with its reason and keeps it; reading the same message again does not bring it back", async () => {
    await t.as(me, CREATE, { input: [msg("x1", "cy", "I use Perl")] });
    await drain();
    const { records } = await t.gw.driver.executeQuery(
      `MATCH (:Person {tenantId: $tenant, id: $id})-[r:HAS_SKILL]->(:Skill {name: 'Perl'}) RETURN r.factId AS id`,
      { tenant: t.tenant, id: pid("cy") },
    );
    const factId = records[0]!.get("id") as string;
    const res = await t.as(other, RETRACT, { id: factId, reason: "cy says that was a joke" });
    expect(res.errors).toBeUndefined();
    expect(res.data!.retractFact).toEqual({ id: factId, object: "Perl", confidence: 0, current: false, source: "test/uses@1", retraction: { reason: "cy says that was a joke", by: other.agentId } });
    // The text is edited (a typo), so the message is read again: the fact it was retracted on stays retracted.
    await t.as(me, `mutation ($id: ID!) { updateMessages(where: { id: { eq: $id } }, update: { content: { set: "I use Perl." } }) { messages { id } } }`, { id: pid("x1") });
    await drain();
    const perl = (await skills("cy")).filter((s) => s.skill === "Perl");
    expect(perl).toEqual([expect.objectContaining({ confidence: 0, evidence: [pid("x1")] })]);
  });

  it("Person.facts(knownAt:) answers what had been learned by then: before the message, after it, after the retraction", async () => {
    const { records } = await t.gw.driver.executeQuery(
      `MATCH (:Person {tenantId: $tenant, id: $id})-[r:HAS_SKILL]->(:Skill {name: 'Perl'}) RETURN toString(r.createdAt) AS learned, toString(r.retractedAt) AS retracted`,
      { tenant: t.tenant, id: pid("cy") },
    );
    const { learned, retracted } = records[0]!.toObject() as { learned: string; retracted: string };
    const at = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
    const known = async (knownAt: string) => {
      const res = await t.as(me, `query ($id: ID!, $k: DateTime) { people(where: { id: { eq: $id } }) { facts(types: ["HAS_SKILL"], knownAt: $k) { objectName source retractReason } } }`, { id: pid("cy"), k: knownAt });
      expect(res.errors).toBeUndefined();
      return (res.data!.people as { facts: { objectName: string; source: string; retractReason: string | null }[] }[])[0]!.facts;
    };
    expect((await known(at(learned, -1))).map((f) => f.objectName)).not.toContain("Perl");
    // Listed as it is known now: with the retraction that came later.
    expect(await known(at(learned, 1))).toContainEqual({ objectName: "Perl", source: "test/uses@1", retractReason: "cy says that was a joke" });
    expect((await known(at(retracted, 1))).map((f) => f.objectName)).not.toContain("Perl");
  });

  it("an id the caller cannot read is NOT_FOUND, and a reason over 500 characters is BAD_USER_INPUT", async () => {
    expect((await t.as(me, RETRACT, { id: "no-such-fact", reason: "wrong" })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const long = await t.as(me, RETRACT, { id: "no-such-fact", reason: "x".repeat(501) });
    expect(long.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(long.errors?.[0]?.message).toMatch(/reason/);
  });
});

describe("a claimed batch written in one transaction", () => {
  it("two agents' messages in one batch saying one fact about one person make one fact with both witnesses: the second owner plans on what the first wrote", async () => {
    const worker = t.gw.app.extraction!;
    worker.pause();
    try {
      expect((await t.as(me, CREATE, { input: [msg("b1", "ben", "I use Elixir")] })).errors).toBeUndefined();
      expect((await t.as(other, CREATE, { input: [msg("b2", "ben", "I use Elixir")] })).errors).toBeUndefined();
    } finally {
      worker.resume();
    }
    await drain();
    expect(await statusOf(["b1", "b2"])).toEqual({ b1: "DONE", b2: "DONE" });
    const elixir = (await skills("ben")).filter((s) => s.skill === "Elixir");
    expect(elixir).toHaveLength(1);
    expect([...elixir[0]!.evidence].sort()).toEqual([pid("b1"), pid("b2")]);
    // Two witnesses: noisy-or of 0.7 and 0.7.
    expect(elixir[0]!.confidence).toBeCloseTo(0.91, 10);
  });
});

describe("reading the next batch while one is written", () => {
  // A worker of the test's own, two messages a batch, over its own three authors' messages.
  const ahead = (onBatch: (ids: string[]) => Promise<void>) =>
    createExtractionWorker({
      deps: { driver: t.gw.driver, database: "neo4j", embedder: t.gw.app.embedder, now: () => new Date(), logger: createLogger({ logLevel: "silent" }), schema: t.gw.app.schema },
      extractor: {
        ...usesExtractor,
        async extract(batch, context) {
          await onBatch(batch.map((m) => m.id));
          return usesExtractor.extract(batch, context);
        },
      },
      config: { ...testConfig().extraction, onlyTenants: [t.tenant], batchSize: 2, maxBusyShare: 1 },
      workerId: "ahead",
      pollMs: 3_600_000,
    });
  const write = async (ids: string[]) => {
    // The gateway's own worker stays paused: the test's worker reads these.
    t.gw.app.extraction!.pause();
    for (const [i, id] of ids.entries()) {
      const author = ["ana", "ben", "cy"][i % 3]!;
      expect((await t.as(me, CREATE, { input: [msg(id, author, `I use Lang${id}`, { timestamp: `2026-04-01T10:00:0${i}Z` })] })).errors).toBeUndefined();
    }
  };
  afterAll(() => t.gw.app.extraction!.resume());

  it("the second batch is claimed and read while the first one's write waits on a lock, and both are written once", async () => {
    await write(["a1", "a2", "a3", "a4"]);
    // The test holds the lock the first batch's write takes on its subjects (ana, ben).
    const session = t.gw.driver.session();
    const tx = session.beginTransaction();
    await tx.run("MATCH (p:Person {tenantId: $tenant}) WHERE p.id IN $ids CALL apoc.lock.nodes([p]) RETURN count(*)", { tenant: t.tenant, ids: [pid("ana"), pid("ben")] });
    const reads: string[][] = [];
    let secondRead: () => void = () => undefined;
    const second = new Promise<void>((resolve) => (secondRead = resolve));
    const worker = ahead(async (ids) => {
      reads.push(ids);
      if (reads.length === 2) secondRead();
    });
    try {
      const drained = worker.drain();
      await Promise.race([second, new Promise((_, reject) => setTimeout(() => reject(new Error("the second batch was not read while the first waited")), 60_000))]);
      expect(await statusOf(["a1", "a2"])).toEqual({ a1: "PENDING", a2: "PENDING" });
      await tx.commit();
      await drained;
    } finally {
      await session.close();
      await worker.stop();
    }
    expect(reads).toEqual([[pid("a1"), pid("a2")], [pid("a3"), pid("a4")]]);
    expect(await statusOf(["a1", "a2", "a3", "a4"])).toEqual({ a1: "DONE", a2: "DONE", a3: "DONE", a4: "DONE" });
    const held = await t.gw.driver.executeQuery("MATCH (m:Message {tenantId: $tenant}) WHERE m.extractionLeaseBy IS NOT NULL RETURN count(m) AS n", { tenant: t.tenant });
    expect(Number(held.records[0]!.get("n"))).toBe(0);
    expect((await skills("ana")).filter((s) => s.skill === "Langa1" || s.skill === "Langa4").map((s) => s.evidence)).toEqual([[pid("a1")], [pid("a4")]]);
  });

  it("a batch read ahead when the worker pauses is still written: no claim is left held, nothing is read twice", async () => {
    await write(["h1", "h2", "h3", "h4", "h5", "h6"]);
    const reads: string[][] = [];
    const worker = ahead(async (ids) => {
      reads.push(ids);
      // The operator pauses while the second batch is read ahead of the first's write.
      if (reads.length === 2) worker.pause();
    });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    expect(reads).toEqual([[pid("h1"), pid("h2")], [pid("h3"), pid("h4")]]);
    expect(await statusOf(["h1", "h2", "h3", "h4", "h5", "h6"])).toEqual({ h1: "DONE", h2: "DONE", h3: "DONE", h4: "DONE", h5: "PENDING", h6: "PENDING" });
    const held = await t.gw.driver.executeQuery("MATCH (m:Message {tenantId: $tenant}) WHERE m.extractionLeaseBy IS NOT NULL RETURN count(m) AS n", { tenant: t.tenant });
    expect(Number(held.records[0]!.get("n"))).toBe(0);
  });
});
