/**
 * The extraction stage end to end, on a real gateway (embedded Neo4j), with the
 * embedding worker running as in production:
 * 1. throughput: `messages` messages imported through recordMessages while this
 *    process's extraction worker is paused, then the worker resumed and timed
 *    until the queue is read (messages/s; target ≥ 500/s);
 * 2. createMessages p95 with the worker running and paused, in alternating
 *    rounds of one run (the write path is the same; the difference is the
 *    worker's load on the two cores);
 * 3. a worker killed mid-run: a second gateway process (same Neo4j, short
 *    lease) reads one copy of a history and is SIGKILLed part-way; this
 *    process then reads the rest. Its facts must equal those of an
 *    uninterrupted read of an identical copy (people and ids renamed).
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { BenchGateway } from "../support/benchGateway.js";

export interface StageMessage {
  author: string;
  text: string;
  timestamp: string;
}

const RECORD = `mutation ($m: [MessageImportInput!]!) { recordMessages(messages: $m) { created } }`;
const CREATE = `mutation ($input: [MessageCreateInput!]!) { createMessages(input: $input) { messages { id } } }`;
const PEOPLE = `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`;
const AGENT = "bench-extract";

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Writes a copy of the history under `prefix` (its own people and message ids); returns the message ids. */
async function writeCopy(gw: BenchGateway, prefix: string, people: { id: string; name: string; aliases: string[] }[], history: readonly StageMessage[], batch = 500): Promise<string[]> {
  await gw.request(PEOPLE, { input: people.map((x) => ({ id: `${prefix}-${x.id}`, name: x.name, aliases: x.aliases })) }, AGENT);
  const ids: string[] = [];
  for (let i = 0; i < history.length; i += batch) {
    const rows = history.slice(i, i + batch).map((m, j) => {
      const id = `${prefix}-m${i + j}`;
      ids.push(id);
      return { id, channelId: `${prefix}-general`, authorId: `${prefix}-${m.author}`, content: m.text, timestamp: m.timestamp };
    });
    await gw.request(RECORD, { m: rows }, AGENT);
  }
  return ids;
}

/** The facts learned from one copy, with the copy's prefix taken out so two copies compare. */
async function factsOf(gw: BenchGateway, prefix: string): Promise<string[]> {
  const { records } = await gw.app.driver.executeQuery(
    `MATCH (p:Person)-[r]->(o) WHERE p.id STARTS WITH $prefix AND r.source STARTS WITH 'deterministic/'
     RETURN p.id AS subject, type(r) AS type, coalesce(o.id, o.name) AS object, o:Person AS person, r.evidence AS evidence,
            r.confidence AS confidence, toString(r.validFrom) AS validFrom, toString(r.validUntil) AS validUntil`,
    { prefix: `${prefix}-` },
  );
  const strip = (s: string) => s.replace(`${prefix}-`, "");
  return records
    .map((r) => {
      const o = r.toObject() as { subject: string; type: string; object: string; person: boolean; evidence: string[]; confidence: number; validFrom: string | null; validUntil: string | null };
      return JSON.stringify([strip(o.subject), o.type, o.person ? strip(o.object) : "*", o.evidence.map(strip).sort(), o.confidence, o.validFrom, o.validUntil]);
    })
    .sort();
}

async function doneCount(gw: BenchGateway, ids: readonly string[]): Promise<number> {
  const { records } = await gw.app.driver.executeQuery(`MATCH (m:Message) WHERE m.id IN $ids AND m.extractionStatus IN ['DONE', 'SKIPPED'] RETURN count(m) AS n`, { ids });
  return Number(records[0]!.get("n"));
}

/** One timed read of the queue: messages, wall seconds, facts written, milliseconds per phase of the worker's passes. */
export interface TimedRead {
  messages: number;
  seconds: number;
  perSecond: number;
  facts: number;
  phases: Record<string, number>;
}

export interface StageResult {
  /** The first read after start: the worker's statements are planned during it. */
  cold: TimedRead;
  /** A second read of as many new messages, with those plans cached. */
  warm: TimedRead;
  createP95: { on: number; off: number; onP50: number; offP50: number; samples: number; workerShare: number };
  kill: { killedAfter: number; total: number; equal: boolean; uninterrupted: number; resumed: number; leaseSeconds: number; onlyWhole: string[]; onlyKilled: string[] };
}

export async function runStageBench(
  gw: BenchGateway,
  neo4j: { uri: string; user: string; password: string },
  people: { id: string; name: string; aliases: string[] }[],
  history: readonly StageMessage[],
  { messages, rounds = 6, perRound = 40, killMessages = 2000 }: { messages: number; rounds?: number; perRound?: number; killMessages?: number },
): Promise<StageResult> {
  const worker = gw.app.extraction!;
  // 1. throughput: a first read on a server that has planned none of the worker's statements yet
  // (Neo4j plans a statement again for each order of magnitude of a list parameter's size), then a
  // second read of as many new messages with those plans cached, as a worker running for a while reads.
  const timedRead = async (prefix: string) => {
    worker.pause();
    const copies = Math.ceil(messages / history.length);
    const ids: string[] = [];
    for (let c = 0; c < copies; c++) ids.push(...(await writeCopy(gw, `${prefix}${c}`, people, history.slice(0, Math.min(history.length, messages - c * history.length)))));
    const before = { ...worker.stats().phases };
    const factsBefore = worker.stats().factsWritten;
    const started = performance.now();
    worker.resume();
    await worker.drain();
    const seconds = (performance.now() - started) / 1000;
    const after = worker.stats().phases;
    const phases = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k as keyof typeof before] ?? 0)]));
    return { messages: ids.length, seconds, perSecond: ids.length / seconds, facts: worker.stats().factsWritten - factsBefore, phases };
  };
  const cold = await timedRead("t");
  const warm = await timedRead("u");

  // 2. createMessages p95, worker on and off in alternating rounds
  const lat = { on: [] as number[], off: [] as number[] };
  // The worker's own time while the calls run (its phases summed), against the rounds' wall time.
  const busyBefore = Object.values(worker.stats().phases).reduce((a, b) => a + b, 0);
  const roundsStarted = performance.now();
  await gw.request(PEOPLE, { input: people.map((x) => ({ id: `w-${x.id}`, name: x.name })) }, AGENT);
  for (let r = 0; r < rounds * 2; r++) {
    const on = r % 2 === 0;
    if (on) worker.resume();
    else worker.pause();
    for (let i = 0; i < perRound; i++) {
      const m = history[(r * perRound + i) % history.length]!;
      const input = [{ id: `w-${r}-${i}`, authorId: `w-${m.author}`, content: m.text, timestamp: m.timestamp, author: { connect: [{ where: { node: { id: { eq: `w-${m.author}` } } } }] } }];
      const t0 = performance.now();
      await gw.request(CREATE, { input }, AGENT);
      (on ? lat.on : lat.off).push(performance.now() - t0);
    }
  }
  const workerShare = (Object.values(worker.stats().phases).reduce((a, b) => a + b, 0) - busyBefore) / (performance.now() - roundsStarted);
  worker.resume();
  await worker.drain();
  const sorted = (a: number[]) => [...a].sort((x, y) => x - y);

  // 3. killed mid-run vs uninterrupted, on identical copies
  // The history repeated to `killMessages` (ids are positions, so every message is its own), each
  // repetition two years after the last and every message a millisecond apart: no two at one instant,
  // so the queue's order (oldest first) is the same in both runs.
  const YEAR_MS = 365 * 86_400_000;
  const slice = Array.from({ length: killMessages }, (_, i) => {
    const m = history[i % history.length]!;
    return { ...m, timestamp: new Date(Date.parse(m.timestamp) + Math.floor(i / history.length) * 2 * YEAR_MS + (i % history.length)).toISOString() };
  });
  await writeCopy(gw, "whole", people, slice);
  await worker.drain();
  worker.pause();
  const leaseSeconds = 5;
  const killedIds = await writeCopy(gw, "killed", people, slice);
  const main = fileURLToPath(new URL("../../src/cli/main.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    env: { ...process.env, NEO4J_URI: neo4j.uri, NEO4J_USER: neo4j.user, NEO4J_PASSWORD: neo4j.password, PORT: "0", MNEMOGRAPH_AUTH: "off", LOG_LEVEL: "warn", EXTRACTION_LEASE_SECONDS: String(leaseSeconds) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let killedAfter = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    killedAfter = await doneCount(gw, killedIds);
    if (killedAfter >= killMessages * 0.4) break;
    if (child.exitCode !== null) throw new Error(`The second gateway exited (${child.exitCode}) before it had read 40% of the messages`);
  }
  child.kill("SIGKILL");
  await new Promise((r) => child.once("close", r));
  killedAfter = await doneCount(gw, killedIds);
  await new Promise((r) => setTimeout(r, leaseSeconds * 1000 + 500));
  worker.resume();
  await worker.drain();
  const [whole, killed] = [await factsOf(gw, "whole"), await factsOf(gw, "killed")];
  return {
    cold,
    warm,
    createP95: { on: p(sorted(lat.on), 0.95), off: p(sorted(lat.off), 0.95), onP50: p(sorted(lat.on), 0.5), offP50: p(sorted(lat.off), 0.5), samples: lat.on.length, workerShare },
    kill: {
      killedAfter,
      total: killMessages,
      equal: JSON.stringify(whole) === JSON.stringify(killed),
      uninterrupted: whole.length,
      resumed: killed.length,
      leaseSeconds,
      onlyWhole: whole.filter((f) => !killed.includes(f)),
      onlyKilled: killed.filter((f) => !whole.includes(f)),
    },
  };
}
