/**
 * The admission gate on a real gateway: with one turn, an operation that
 * waits on a Neo4j lock holds it, the next one waits and is refused with
 * SERVICE_UNAVAILABLE after the queue timeout; and operations refused by
 * another plugin (the rate limiter runs beside the gate) give their turn back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../support/testGateway.js";
import { PNG, RECORD, START } from "./game/gameOps.js";

let gw: TestGateway;
const agent = uniqueAgent("admission");

beforeAll(async () => {
  const base = testConfig();
  gw = await startTestGateway({
    ...base,
    admission: { maxConcurrent: 1, queueTimeoutMs: 500 },
    limits: { ...base.limits, rateLimits: { defaultPerMinute: 600, perField: { agents: 2 } } },
  });
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, agent);
  await gw.stop();
});

const codeOf = (r: { errors?: readonly { extensions?: Record<string, unknown> }[] }) => r.errors?.[0]?.extensions?.code ?? null;

describe("admission: at most MAX_CONCURRENT_OPERATIONS run at once", () => {
  it("the next operation waits its turn and is refused with SERVICE_UNAVAILABLE when the wait is over", async () => {
    const sessionId = `${agent}-s`;
    expect(codeOf(await gw.request(START, { sessionId, goal: "wait for the lock", maxTurns: 5 }, agent))).toBeNull();
    // Hold the session's lock in a transaction of our own: recordTurn waits on it while holding the only turn.
    const session = gw.driver.session();
    const tx = await session.beginTransaction();
    try {
      await tx.run("MATCH (s:GameSession {id: $sessionId}) SET s._lockedByTest = true", { sessionId });
      const turn = gw.request(RECORD, { sessionId, turn: { number: 1, analysis: "waits", buttonPresses: ["A"], success: true, screenshot: { base64: PNG } } }, agent);
      await new Promise((r) => setTimeout(r, 200));
      const refused = await gw.request("{ agents(limit: 1) { id } }", {}, uniqueAgent("admission-other"));
      expect(codeOf(refused)).toBe("SERVICE_UNAVAILABLE");
      expect(refused.errors?.[0]?.message).toBe("The gateway is busy: 1 operations are running and this one waited 500 ms; try again shortly");
      await tx.rollback();
      expect(codeOf(await turn)).toBeNull();
    } finally {
      await session.close();
    }
  });

  it("operations refused by the rate limiter give their turn back", async () => {
    const limited = uniqueAgent("admission-limited");
    const answers = await Promise.all(Array.from({ length: 6 }, () => gw.request("{ agents(limit: 1) { id } }", {}, limited)));
    expect(answers.map(codeOf).filter((c) => c === "RATE_LIMITED")).toHaveLength(4);
    // With one turn, a single leaked turn would refuse every operation from now on.
    for (let i = 0; i < 5; i++) expect(codeOf(await gw.request("{ memories(limit: 1) { id } }", {}, agent))).toBeNull();
  });
});
