/**
 * Sessions do not stay ACTIVE when their client dies: the lease runs out and
 * the session is closed as ABANDONED, by the sweeper started with the gateway
 * or, before it gets there, by the next write that touches the session. The
 * clock is injected: nothing here waits for time to pass.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYWORD_EXTRACTORS } from "../../../src/game/analysisKeywords.js";
import type { GameDeps } from "../../../src/game/gameDeps.js";
import { parseTurnInput } from "../../../src/game/parseTurnInput.js";
import { recordTurn } from "../../../src/game/recordTurn.js";
import { heartbeatSession, startSession } from "../../../src/game/sessionLifecycle.js";
import { createLogger } from "../../../src/logging/logger.js";
import { diskBlobStore } from "../../../src/blobs/diskBlobStore.js";
import { fails, ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { HEARTBEAT, RECORD, START, eventually, storedSession } from "./gameOps.js";

const LEASE_MS = 300_000;
// Decades ahead of the real clock: a gateway of another test file, sweeping every tenant's leases by the real clock,
// once closed a session of this file, whose lease had run out in real time, between two of its steps. This file's
// sweeper, by this clock, closes every tenant's leases in turn: it runs alone (vitest.config.ts, WHOLE_DATABASE).
let clockMs = Date.parse("2099-11-22T08:00:00.000Z");
const clock = () => new Date(clockMs);
let gw: TestGateway;
const me = uniqueAgent("lease");
const caller = { tenantId: "local", agentId: me, roles: ["agent" as const] };
const TURN = { number: 1, analysis: "Route 1", buttonPresses: ["UP" as const], success: true };

beforeAll(async () => {
  const config = testConfig();
  // The sweeper ticks every 50 ms by the injected clock: it closes a session as soon as the clock says its lease passed.
  gw = await startTestGateway({ ...config, game: { ...config.game, leaseSeconds: LEASE_MS / 1000, sweepIntervalMs: 50 } }, { now: clock });
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

const statusOf = async (sessionId: string) => (await storedSession(gw.driver, sessionId))!.session;

describe("the lease sweeper", () => {
  it("closes a session whose lease ran out as ABANDONED (LEASE_EXPIRED), ended when the lease ended; turns are then refused", async () => {
    const sessionId = `${me}-swept`;
    const { startSession: started } = await ok(gw, START, { sessionId, goal: "lease", maxTurns: 5 }, me);
    expect(started.leaseExpiresAt).toBe(new Date(clockMs + LEASE_MS).toISOString());
    clockMs += LEASE_MS - 1000;
    await gw.app.leaseSweeper.sweep();
    expect((await statusOf(sessionId)).status).toBe("ACTIVE");

    clockMs += 2000;
    await eventually(async () => (await statusOf(sessionId)).status === "ABANDONED");
    expect(await statusOf(sessionId)).toMatchObject({ closeReason: "LEASE_EXPIRED", endedAt: started.leaseExpiresAt.replace(".000Z", "Z") });
    const error = await fails(gw, RECORD, { sessionId, turn: TURN }, me);
    expect(error).toMatchObject({ code: "CONFLICT", message: `Game session "${sessionId}" is ABANDONED (its lease ran out): it takes no more turns` });
    expect((await fails(gw, HEARTBEAT, { sessionId }, me)).code).toBe("CONFLICT");
  });

  it("leaves a session alone while turns and heartbeats renew its lease", async () => {
    const sessionId = `${me}-renewed`;
    await ok(gw, START, { sessionId, goal: "lease", maxTurns: 5 }, me);
    clockMs += LEASE_MS - 1000;
    const { recordTurn: recorded } = await ok(gw, RECORD, { sessionId, turn: TURN }, me);
    expect(recorded.session.leaseExpiresAt).toBe(new Date(clockMs + LEASE_MS).toISOString());
    clockMs += LEASE_MS - 1000;
    const { heartbeatSession: beat } = await ok(gw, HEARTBEAT, { sessionId }, me);
    expect(beat.leaseExpiresAt).toBe(new Date(clockMs + LEASE_MS).toISOString());
    clockMs += LEASE_MS - 1000;
    expect(await gw.app.leaseSweeper.sweep()).toBeGreaterThanOrEqual(0);
    expect((await statusOf(sessionId)).status).toBe("ACTIVE");
  });
});

describe("the lazy check, without any sweeper", () => {
  /** The game functions on the suite's Neo4j with a clock of their own and no sweeper running for them. */
  let lazyMs = Date.parse("2100-01-01T00:00:00.000Z");
  const deps = (): GameDeps => ({
    driver: gw.driver,
    database: "neo4j",
    config: { ...testConfig().game, screenshotMaxBytes: 1024, leaseSeconds: 60, sweepIntervalMs: 3_600_000 },
    extractors: KEYWORD_EXTRACTORS,
    logger: createLogger({ logLevel: "silent" }),
    now: () => new Date(lazyMs),
    screenshots: { mode: "graph", blobs: diskBlobStore(testConfig().game.screenshotDir) },
  });
  const parsed = (sessionId: string, number: number) => parseTurnInput(sessionId, { ...TURN, number }, { screenshotMaxBytes: 1024, extractors: KEYWORD_EXTRACTORS });

  it("a turn on a session whose lease ran out is refused, and the session is closed as ABANDONED on the way", async () => {
    const sessionId = `${me}-lazy`;
    await startSession(deps(), caller, { agentId: me, sessionId, goal: "lazy", maxTurns: 5, game: null, visibility: "PRIVATE", sharedWith: [] });
    // Far past the gateway's own clock too, so that its sweeper cannot be the one closing it.
    clockMs = Math.min(clockMs, lazyMs - 3_600_000);
    expect((await recordTurn(deps(), caller, parsed(sessionId, 1))).created).toBe(true);
    lazyMs += 61_000;
    await expect(recordTurn(deps(), caller, parsed(sessionId, 2))).rejects.toMatchObject({ extensions: { code: "CONFLICT", sessionStatus: "ABANDONED", closeReason: "LEASE_EXPIRED" } });
    const stored = (await storedSession(gw.driver, sessionId))!;
    expect(stored.session).toMatchObject({ status: "ABANDONED", closeReason: "LEASE_EXPIRED", turnsCompleted: 1 });
    expect(stored.allTurns).toBe(1);
  });

  it("a heartbeat after the lease ran out is refused the same way", async () => {
    const sessionId = `${me}-lazy-beat`;
    await startSession(deps(), caller, { agentId: me, sessionId, goal: "lazy", maxTurns: 5, game: null, visibility: "PRIVATE", sharedWith: [] });
    lazyMs += 60_001;
    await expect(heartbeatSession(deps(), caller, sessionId)).rejects.toMatchObject({ extensions: { code: "CONFLICT", closeReason: "LEASE_EXPIRED" } });
    expect((await statusOf(sessionId)).status).toBe("ABANDONED");
  });
});
