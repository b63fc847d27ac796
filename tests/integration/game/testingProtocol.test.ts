/**
 * The game agent's testing protocol, against the real Neo4j: session creation; two
 * turns stored with complete data and screenshots; four turns and their
 * compact memory; a full four-turn session, memory context before every
 * decision, that ends cleanly.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fails, ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { END, GAME_CONTEXT, GAME_TURNS, PNG, RECENT, RECORD, START, jpegOf, storedSession } from "./gameOps.js";

let gw: TestGateway;
const me = uniqueAgent("eevee");

beforeAll(async () => {
  // The notes keep each screenshot's base64 in its node: SCREENSHOT_STORE=graph (screenshotStore.test.ts tests the default, disk).
  const config = testConfig();
  gw = await startTestGateway({ ...config, game: { ...config.game, screenshotStore: "graph" } });
  await ok(gw, `mutation ($id: ID!) { createAgents(input: [{ id: $id, name: "Eevee", role: "game agent" }]) { agents { id } } }`, { id: me }, me);
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

/** The turns a Pokémon run plays: a move up the grass, a tree in the way, back down, then left to the water. */
const PLAY = [
  { buttonPresses: ["UP"], success: true, analysis: "The player stands in tall grass on Route 1.", visual: { terrain: "grass", validMovements: ["UP", "DOWN", "RIGHT"] } },
  { buttonPresses: ["RIGHT"], success: false, analysis: "A tree blocks the way east on Route 1.", visual: { terrain: "grass", obstacles: ["tree"], validMovements: ["UP", "DOWN"] } },
  { buttonPresses: ["DOWN"], success: true, analysis: "Back on the dirt path of Route 1.", visual: { terrain: "path", validMovements: ["UP", "DOWN", "LEFT"] } },
  { buttonPresses: ["LEFT"], success: false, analysis: "Water to the west; the player cannot swim.", visual: { terrain: "path", obstacles: ["water"] } },
];

describe("the game agent's notes test 2: session creation", () => {
  it("creates an ACTIVE session with goal, maxTurns, start time and lease, played by the agent", async () => {
    const { startSession } = await ok(gw, START, { goal: "test session creation", maxTurns: 1, game: "Pokemon Red" }, me);
    expect(startSession).toMatchObject({ agentId: me, goal: "test session creation", maxTurns: 1, game: "Pokemon Red", status: "ACTIVE", turnsCompleted: 0, endedAt: null });
    expect(startSession.id).toMatch(/^session_[0-9a-f-]{36}$/);
    expect(Date.parse(startSession.leaseExpiresAt) - Date.parse(startSession.startedAt)).toBe(300_000);
    const stored = await storedSession(gw.driver, startSession.id);
    expect(stored!.session).toMatchObject({ ownerId: me, tenantId: "local", status: "ACTIVE", goal: "test session creation", maxTurns: 1, turnsCompleted: 0 });
    const { records } = await gw.driver.executeQuery("MATCH (:GameSession {id: $id})-[:PLAYED_BY]->(a:Agent) RETURN a.id AS id", { id: startSession.id });
    expect(records.map((r) => r.get("id"))).toEqual([me]);
  });
});

describe("the game agent's notes test 3: turn storage", () => {
  it("stores two turns with complete data, each screenshot base64 in its own node linked to its turn", async () => {
    const sessionId = `${me}-storage`;
    await ok(gw, START, { sessionId, goal: "test turn storage", maxTurns: 2 }, me);
    const shots = [PNG, jpegOf(5000)];
    for (const [i, play] of PLAY.slice(0, 2).entries()) {
      const turn = { ...play, number: i + 1, timestamp: `2026-11-22T10:00:0${i}Z`, screenshotPath: `/tmp/shot${i + 1}.png`, screenshot: { base64: shots[i] } };
      const { recordTurn } = await ok(gw, RECORD, { sessionId, turn }, me);
      expect(recordTurn.created).toBe(true);
      expect(recordTurn.session.turnsCompleted).toBe(i + 1);
    }
    const stored = (await storedSession(gw.driver, sessionId))!;
    expect(stored.turns).toHaveLength(2);
    expect(stored.turns[1]).toMatchObject({
      id: `${sessionId}_turn_2`, sessionId, number: 2, timestamp: "2026-11-22T10:00:01Z", analysis: PLAY[1]!.analysis,
      buttonPresses: ["RIGHT"], success: false, location: "Route", screenshotPath: "/tmp/shot2.png", terrain: "grass",
      obstacles: ["tree"], validMovements: ["UP", "DOWN"], inBattle: false, ownerId: me, tenantId: "local", visibility: "PRIVATE",
    });
    expect(stored.turns[0]!.screenshots).toEqual([
      expect.objectContaining({ id: `${sessionId}_turn_1_screenshot`, mimeType: "image/png", base64: PNG, sizeBytes: 70, ownerId: me }),
    ]);
    expect(stored.turns[1]!.screenshots).toEqual([
      expect.objectContaining({ mimeType: "image/jpeg", base64: shots[1], sizeBytes: 5000, sha256: createHash("sha256").update(Buffer.from(shots[1]!, "base64")).digest("hex") }),
    ]);
    // The turn node itself carries no image bytes.
    expect(JSON.stringify(stored.turns.map(({ screenshots: _, ...t }) => t))).not.toContain(PNG);
  });

  it("returns a screenshot's bytes only when they are asked for", async () => {
    const sessionId = `${me}-storage`;
    const light = await gw.request(GAME_TURNS, { sessionId, last: 2 }, me);
    expect(light.errors).toBeUndefined();
    expect(JSON.stringify(light)).not.toContain(PNG);
    expect((light.data as any).gameTurns[0].screenshot).toMatchObject({ mimeType: "image/png", sizeBytes: 70 });
    const heavy = await ok(gw, `query ($sessionId: ID!) { gameTurns(sessionId: $sessionId, last: 1) { number screenshot { base64 } } }`, { sessionId }, me);
    expect(heavy.gameTurns).toEqual([{ number: 2, screenshot: { base64: jpegOf(5000) } }]);
  });
});

describe("the game agent's notes test 4: memory retrieval", () => {
  it("gives the last four turns in the compact JSON form, patterns detected", async () => {
    const sessionId = `${me}-memory`;
    await ok(gw, START, { sessionId, goal: "test memory context", maxTurns: 4 }, me);
    for (const [i, play] of PLAY.entries()) await ok(gw, RECORD, { sessionId, turn: { ...play, number: i + 1 } }, me);
    const { recentTurns } = await ok(gw, RECENT, { sessionId }, me);
    const expected = [
      { turn: 1, action: "up", result: "moved", context: "grass" },
      { turn: 2, action: "right", result: "blocked", context: "tree" },
      { turn: 3, action: "down", result: "moved", context: "path" },
      { turn: 4, action: "left", result: "blocked", context: "water" },
    ];
    expect(recentTurns).toMatchObject({ sessionId, recentTurns: expected, turnCount: 4, patterns: ["HITTING_OBSTACLES"], sessionTurns: 4, sessionStatus: "ACTIVE" });
    expect(JSON.parse(recentTurns.json)).toEqual({ recent_turns: expected, turn_count: 4, patterns: "hitting_obstacles" });
    const lastTwo = await ok(gw, RECENT, { sessionId, last: 2 }, me);
    expect(lastTwo.recentTurns.recentTurns.map((t: { turn: number }) => t.turn)).toEqual([3, 4]);
  });
});

describe("the game agent's notes test 5: full integration", () => {
  it("plays four turns, each decided on the memory context of the turns before, and ends cleanly", async () => {
    const sessionId = `${me}-full`;
    await ok(gw, `mutation ($m: [MemoryInput!]!) { recordMemories(memories: $m) { ids } }`, {
      m: [{ type: "LEARNING", content: "Trees on Route 1 block the way east; go around them", importance: 0.9 }],
    }, me);
    await ok(gw, START, { sessionId, goal: "reach Viridian City through Route 1", maxTurns: 4 }, me);
    for (const [i, play] of PLAY.entries()) {
      const { gameMemoryContext: context } = await ok(gw, GAME_CONTEXT, { sessionId, topic: "Route 1 trees" }, me);
      expect(context.recent.turnCount).toBe(i);
      expect(context.general.lines).toHaveLength(1);
      expect(context.text).toContain("Trees on Route 1 block the way east");
      expect(context.text).toContain(`**RECENT MEMORY** (last ${i} turns):\n${context.recent.json}`);
      const memory = JSON.parse(context.recent.json);
      const turn = {
        ...play,
        number: i + 1,
        screenshot: { base64: PNG },
        memoryContext: { recentTurns: memory.recent_turns, turnCount: memory.turn_count, patterns: context.recent.patterns },
      };
      expect((await ok(gw, RECORD, { sessionId, turn }, me)).recordTurn.created).toBe(true);
    }
    const { endSession } = await ok(gw, END, { sessionId }, me);
    expect(endSession).toMatchObject({ status: "COMPLETED", closeReason: "ENDED", turnsCompleted: 4 });
    expect(endSession.endedAt).not.toBeNull();

    const { gameTurns } = await ok(gw, GAME_TURNS, { sessionId, last: 4 }, me);
    expect(gameTurns.map((t: { number: number }) => t.number)).toEqual([1, 2, 3, 4]);
    // Turn 4 was decided on turns 1-3, and says so.
    expect(gameTurns[3].memoryContext).toEqual({
      recentTurns: [
        { turn: 1, action: "up", result: "moved", context: "grass" },
        { turn: 2, action: "right", result: "blocked", context: "tree" },
        { turn: 3, action: "down", result: "moved", context: "path" },
      ],
      turnCount: 3,
      patterns: [],
    });
    expect(gameTurns[0].memoryContext).toEqual({ recentTurns: [], turnCount: 0, patterns: [] });
    const refused = await fails(gw, RECORD, { sessionId, turn: { ...PLAY[0], number: 5 } }, me);
    expect(refused.code).toBe("CONFLICT");
    const stored = (await storedSession(gw.driver, sessionId))!;
    expect(stored.session).toMatchObject({ status: "COMPLETED", turnsCompleted: 4 });
    expect(stored.turns.map((t) => t.screenshots.length)).toEqual([1, 1, 1, 1]);
  });
});
