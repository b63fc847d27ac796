import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../src/core/caller.js";
import { spanAttribute, startOtlpReceiver, type OtlpReceiver } from "../../fixtures/otlpReceiver.js";
import { startTokenGateway, type TokenGateway } from "../support/tokenGateway.js";
import { follow } from "./feed/feedClient.js";

/**
 * Neo4j statements per operation of the load benchmark's mix, counted from
 * the gateway's own traces (a span per statement under the operation's span)
 * against the real Neo4j: the cost of an operation is mostly its statements,
 * so a change that adds one shows here (bench:profile has the times).
 * Background work an operation wakes (the embedding and extraction workers,
 * the feed's poller) runs in traces of its own and is not counted.
 */
let receiver: OtlpReceiver;
let tg: TokenGateway;
let alice: Caller;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  tg = await startTokenGateway({ tenantPrefix: "stmtcount", config: { tracing: { endpoint: receiver.endpoint, serviceName: "statement-count" } } });
  alice = tg.caller("alice");
  const res = await tg.as(alice, `mutation ($input: [AgentCreateInput!]!) { createAgents(input: $input) { agents { id } } }`, { input: [{ id: alice.agentId, name: "Alice", role: "scout" }] });
  expect(res.errors).toBeUndefined();
});
afterAll(async () => {
  await tg?.stop();
  await receiver?.close();
});

/** Runs a named operation as alice and counts the statements in its trace. */
async function statementsOf(name: string, document: string, variables: Record<string, unknown> = {}): Promise<string[]> {
  const res = await tg.as(alice, document.replace(/^(query|mutation)/, `$1 ${name}`), variables);
  expect(res.errors).toBeUndefined();
  const operation = await receiver.waitFor((s) => spanAttribute(s, "graphql.operation.name") === name);
  // The request span ends after its statements: once it is exported, they are too.
  return receiver
    .spans()
    .filter((s) => s.traceId === operation.traceId && s.name.startsWith("neo4j "))
    .map((s) => (spanAttribute(s, "db.query.text") ?? "").replace(/\s+/g, " ").trim());
}

const CREATE_MEMORIES = `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`;
const CREATE_BELIEFS = `mutation ($input: [BeliefCreateInput!]!) { createBeliefs(input: $input) { beliefs { id } } }`;

describe("statements per operation", () => {
  it("createMemories of one memory is one statement: a write that creates no knowledge skips the feed's stamp lookup", async () => {
    const statements = await statementsOf("OneMemory", CREATE_MEMORIES, { input: [{ type: "OBSERVATION", content: "The east gate opens at dawn" }] });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/CREATE \(this0:Memory\)/);
  });

  it("a memory created with its agent connected is still one statement", async () => {
    const statements = await statementsOf("MemoryWithAgent", CREATE_MEMORIES, {
      input: [{ type: "OBSERVATION", content: "The west gate is shut", agent: { connect: [{ where: { node: { id: { eq: alice.agentId } } } }] } }],
    });
    expect(statements).toHaveLength(1);
  });

  it("a belief (knowledge) is written with its outbox event in the same transaction (the create, the stamp lookup, the staged event), then numbered", async () => {
    const statements = await statementsOf("OneBelief", CREATE_BELIEFS, { input: [{ content: "Gates open at dawn", confidence: 0.5, domains: ["ops"] }] });
    expect(statements.some((s) => /CREATE \(this0:Belief\)/.test(s))).toBe(true);
    expect(statements.some((s) => s.includes("feedWriteStamp IN $stamps"))).toBe(true);
    // Staged in the write's transaction; numbered by the round that follows its commit.
    expect(statements.some((s) => s.includes("OutboxPending"))).toBe(true);
    expect(statements.some((s) => s.includes("OutboxCounter"))).toBe(true);
    expect(statements.length).toBeLessThanOrEqual(4);
  });

  it("searchMemories over memories: the full-text, vector, shared-key and standing-instruction lists, each with its rows (the neighbour read joins them when hits have neighbours)", async () => {
    const statements = await statementsOf("Search", `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { id score } } }`, {
      input: { query: "when does the gate open", kinds: ["MEMORY"], limit: 10 },
    });
    // The standing-instruction list is one statement per kind searched (docs/benchmarks.md, 2026-12-03: +1.3% p95 at 10k).
    expect(statements.length).toBeLessThanOrEqual(4);
  });

  it("searchMemories over every kind: one full-text list, the vector lists of memories, messages, the other kinds and facts, the keys, the standing instructions of memories and messages", async () => {
    const statements = await statementsOf("SearchAll", `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { id score } } }`, {
      input: { query: "when does the gate open", limit: 10 },
    });
    expect(statements.length).toBeLessThanOrEqual(9);
  });

  it("memoryContext: one statement", async () => {
    const statements = await statementsOf("Context", `query ($a: ID!) { memoryContext(agentId: $a) { tokenCount } }`, { a: alice.agentId });
    expect(statements).toHaveLength(1);
  });
});

describe("background work an operation wakes", () => {
  // The embedding worker reads only the types a wake-up names; one that names none reads all eleven and runs the fact pass.
  it.each([
    ["memoryStore", `mutation { memoryStore(content: "The east gate sticks in the rain", type: INSIGHT, category: PROCESS, confidence: 0.4) { id } }`, ["Belief", "Insight", "Experience"]],
    ["recordMemories", `mutation { recordMemories(memories: [{ type: INTERACTION, content: "Bo said the gate sticks" }]) { ids } }`, ["Memory"]],
  ])("%s wakes the embedding worker for the node types it writes, not for every type and the facts", async (_, document, expected) => {
    const worker = tg.gw.app.embeddings!;
    const wake = worker.wake.bind(worker);
    const woken: (readonly string[] | undefined)[] = [];
    worker.wake = (labels) => {
      woken.push(labels);
      wake(labels);
    };
    try {
      const res = await tg.as(alice, document);
      expect(res.errors).toBeUndefined();
    } finally {
      worker.wake = wake;
    }
    expect(woken).toHaveLength(1);
    expect(woken[0]).toEqual(expect.arrayContaining(expected));
    expect(woken[0]).not.toContain("Person");
    if (!expected.includes("Memory")) expect(woken[0]).not.toContain("Memory");
  });
});

describe("the knowledge feed's poller", () => {
  const OUTBOX_READ = /MATCH \(e:OutboxEvent\) WHERE e\.tenantId = \$tenantId AND e\.seq > \$afterSeq/;
  const startNs = (s: { startTimeUnixNano?: string }) => Number(BigInt(s.startTimeUnixNano ?? "0") / 1_000_000n);
  /** Runs `write` `times` times, one after the other, and counts the outbox reads that started meanwhile. */
  async function outboxReadsDuring(times: number, write: (n: number) => Promise<void>): Promise<{ reads: number; ms: number }> {
    const from = Date.now();
    for (let n = 1; n <= times; n++) await write(n);
    const to = Date.now();
    // The spans of reads started in the window are exported within a second.
    await new Promise((r) => setTimeout(r, 1500));
    const reads = receiver.spans().filter((s) => OUTBOX_READ.test(spanAttribute(s, "db.query.text") ?? "") && startNs(s) >= from && startNs(s) <= to).length;
    return { reads, ms: to - from };
  }

  it("reads no more than its timed polls during game turns (no feed event) or knowledge writes (their events are handed over as numbered)", async () => {
    const feed = follow(tg.gw.url, await tg.token(alice), alice.agentId, null);
    try {
      const started = await tg.as(alice, `mutation { startSession(sessionId: "poll-turns", goal: "count polls", maxTurns: 100) { id } }`);
      expect(started.errors).toBeUndefined();
      // Quiet for a while: the poller's timed reads have stretched to one every 500 ms.
      await new Promise((r) => setTimeout(r, 2500));
      const times = 8;
      const turns = await outboxReadsDuring(times, async (n) => {
        const res = await tg.as(alice, `mutation ($turn: TurnInput!) { recordTurn(sessionId: "poll-turns", turn: $turn) { created } }`, {
          turn: { number: n, analysis: `turn ${n}`, buttonPresses: ["A"], success: true },
        });
        expect(res.errors).toBeUndefined();
      });
      await new Promise((r) => setTimeout(r, 2500));
      const stores = await outboxReadsDuring(times, async (n) => {
        const res = await tg.as(alice, `mutation { memoryStore(content: "The east gate sticks in the rain (${n})", type: BELIEF, confidence: 0.3) { id } }`);
        expect(res.errors).toBeUndefined();
      });
      // At most the timed reads of the window (one per 500 ms, and one at its edge) in both: the beliefs' events
      // reach the hub from this process's sequencer, numbered, without being read back.
      const timed = (ms: number) => Math.ceil(ms / 500) + 1;
      expect(turns.reads).toBeLessThanOrEqual(timed(turns.ms));
      expect(stores.reads).toBeLessThanOrEqual(timed(stores.ms));
      expect(feed.errors).toEqual([]);
    } finally {
      await feed.close();
    }
  });
});
