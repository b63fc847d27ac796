/**
 * The admission gate on a real gateway: with one turn, an operation that
 * waits on a Neo4j lock holds it, the next one waits and is refused with
 * SERVICE_BUSY (HTTP 503, Retry-After) after the queue timeout; and operations refused by
 * another plugin (the rate limiter runs beside the gate) give their turn back.
 * Queries over the WebSocket wait for the same turns.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../support/testGateway.js";
import { PNG, RECORD, START } from "./game/gameOps.js";
import { wsClient, wsRequest } from "../support/wsClient.js";

let gw: TestGateway;
const agent = uniqueAgent("admission");

beforeAll(async () => {
  const base = testConfig();
  gw = await startTestGateway({
    ...base,
    admission: { maxConcurrent: 1, maxQueued: 10, queueTimeoutMs: 500 },
    limits: { ...base.limits, rateLimits: { defaultPerMinute: 600, perField: { agents: 2 } } },
  });
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, agent);
  await gw.stop();
});

const codeOf = (r: { errors?: readonly { extensions?: Record<string, unknown> }[] }) => r.errors?.[0]?.extensions?.code ?? null;

/**
 * Runs `whileHeld` while a recordTurn holds the only turn: it waits on its session's lock, which a
 * transaction of the test's own holds; the lock is then let go and the turn must succeed.
 */
async function whileTheTurnIsHeld(name: string, whileHeld: () => Promise<void>, settleMs = 200): Promise<void> {
  const sessionId = `${agent}-${name}`;
  expect(codeOf(await gw.request(START, { sessionId, goal: "hold the only turn", maxTurns: 5 }, agent))).toBeNull();
  const session = gw.driver.session();
  const tx = await session.beginTransaction();
  try {
    await tx.run("MATCH (s:GameSession {id: $sessionId}) SET s._lockedByTest = true", { sessionId });
    const turn = gw.request(RECORD, { sessionId, turn: { number: 1, analysis: "holds the turn", buttonPresses: ["A"], success: true, screenshot: { base64: PNG } } }, agent);
    await new Promise((r) => setTimeout(r, settleMs));
    await whileHeld();
    await tx.rollback();
    expect(codeOf(await turn)).toBeNull();
  } finally {
    await session.close();
  }
}

describe("admission: at most MAX_CONCURRENT_OPERATIONS run at once", () => {
  it("the next operation waits its turn and is refused with SERVICE_BUSY when the wait is over", async () => {
    await whileTheTurnIsHeld("wait", async () => {
      const refused = await gw.request("{ agents(limit: 1) { id } }", {}, uniqueAgent("admission-other"));
      expect(codeOf(refused)).toBe("SERVICE_BUSY");
      expect(refused.errors?.[0]?.message).toBe("The gateway is busy: 1 operations are running and this one waited 500 ms; try again in 1 s");
      expect(refused.errors?.[0]?.extensions?.retryAfterSeconds).toBe(1);
    });
  });

  it("beyond MAX_QUEUED_OPERATIONS an operation is refused at once with SERVICE_BUSY, HTTP 503 and Retry-After", async () => {
    let queued: Promise<unknown>[] = [];
    await whileTheTurnIsHeld(
      "busy",
      async () => {
        queued = Array.from({ length: 10 }, () => gw.request("{ agents(limit: 1) { id } }", {}, uniqueAgent("admission-queued")));
        await new Promise((r) => setTimeout(r, 50));
        const started = performance.now();
        const res = await fetch(gw.url, {
          method: "POST",
          headers: { "content-type": "application/json", "x-mnemograph-agent": uniqueAgent("admission-late") },
          body: JSON.stringify({ query: "{ agents(limit: 1) { id } }" }),
        });
        const elapsed = performance.now() - started;
        const body = (await res.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] };
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("1");
        expect(body.errors[0]!.extensions).toMatchObject({ code: "SERVICE_BUSY", retryAfterSeconds: 1 });
        expect(body.errors[0]!.message).toBe("The gateway is busy: 1 operations are running and 10 are waiting (MAX_QUEUED_OPERATIONS); try again in 1 s");
        expect(elapsed).toBeLessThan(400);
      },
      100,
    );
    await Promise.all(queued);
  });

  it("operations refused by the rate limiter give their turn back", async () => {
    const limited = uniqueAgent("admission-limited");
    const answers = await Promise.all(Array.from({ length: 6 }, () => gw.request("{ agents(limit: 1) { id } }", {}, limited)));
    expect(answers.map(codeOf).filter((c) => c === "RATE_LIMITED")).toHaveLength(4);
    // With one turn, a single leaked turn would refuse every operation from now on.
    for (let i = 0; i < 5; i++) expect(codeOf(await gw.request("{ memories(limit: 1) { id } }", {}, agent))).toBeNull();
  });

  it("a query over the WebSocket waits for the same turn, is refused with SERVICE_BUSY on the socket, and the socket stays open", async () => {
    const socket = wsClient(gw.url, { "x-mnemograph-agent": uniqueAgent("admission-ws") });
    try {
      await whileTheTurnIsHeld("ws", async () => {
        const refused = (await wsRequest(socket, "{ agents(limit: 1) { id } }")) as { errors?: { message: string; extensions?: Record<string, unknown> }[] };
        expect(refused.errors?.[0]?.extensions).toMatchObject({ code: "SERVICE_BUSY", retryAfterSeconds: 1 });
        expect(refused.errors?.[0]?.message).toBe("The gateway is busy: 1 operations are running and this one waited 500 ms; try again in 1 s");
      });
      // The turn is free again: the same socket is served.
      expect(await wsRequest(socket, "{ agents(limit: 1) { id } }")).toMatchObject({ data: { agents: expect.any(Array) } });
    } finally {
      await socket.dispose();
    }
  });
});
