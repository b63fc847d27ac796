import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { startTokenGateway, type TokenGateway } from "../support/tokenGateway.js";
import { okAs } from "../support/gql.js";
import { wsRequest } from "../support/wsClient.js";
import { eventually } from "../integration/game/gameOps.js";
import type { Caller } from "../../src/core/caller.js";

/**
 * The game agent (its design note, "Neo4j Memory Integration Final
 * Specification"), playing the note's Testing Protocol against Mnemograph as
 * built: one connection per session held by the singleton writer (a graphql-ws
 * socket with the agent's token), the session created at start and completed
 * at the end, every turn stored whole with its base64 screenshot, and the last
 * four turns in the compact JSON before each decision, after the last five
 * sessions summed up; and the agent's own turn_data, stored as it sends it.
 */
let tg: TokenGateway;
let eevee: Caller;

const SESSION = "id status closeReason goal maxTurns turnsCompleted endedAt";
const START = `mutation ($sessionId: ID!, $goal: String!, $maxTurns: Int!) { startSession(sessionId: $sessionId, goal: $goal, maxTurns: $maxTurns, game: "Pokemon Red") { ${SESSION} } }`;
const END = `mutation ($sessionId: ID!) { endSession(sessionId: $sessionId) { ${SESSION} } }`;
const RECORD = `mutation ($sessionId: ID!, $turn: TurnInput!) { recordTurn(sessionId: $sessionId, turn: $turn) { created turn { id } session { turnsCompleted } } }`;
const CONTEXT = `query ($sessionId: ID!) { gameMemoryContext(sessionId: $sessionId, last: 4) { text recent { json turnCount patterns } } }`;
const TURNS = `query ($sessionId: ID!) { gameTurns(sessionId: $sessionId, last: 10) {
  id number analysis buttonPresses success location screenshotPath visual { terrain obstacles } battle { inBattle battleType }
  memoryContext { recentTurns { turn action result context } turnCount } screenshot { mimeType sizeBytes base64 } } }`;
const SESSIONS = `query ($id: ID!) { gameSessions(where: { id: { eq: $id } }) { ${SESSION} } }`;

/** A real 1x1 PNG, as the emulator's screenshot. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** What the vision model says each turn, and the button the strategy model picks: the note's Memory Context Format example. */
const PLAY = [
  { analysis: "The player stands in tall grass on Route 1.", buttonPresses: ["UP"], success: true, visual: { terrain: "grass" } },
  { analysis: "A tree blocks the way east on Route 1.", buttonPresses: ["RIGHT"], success: false, visual: { terrain: "grass", obstacles: ["tree"] } },
  { analysis: "Back on the dirt path of Route 1.", buttonPresses: ["DOWN"], success: true, visual: { terrain: "path" } },
  { analysis: "A wild Pidgey appeared! Its HP is full.", buttonPresses: ["A"], success: true, visual: { terrain: "grass" } },
];

/** The note's Neo4jSingleton: one connection for the whole session, opened at start. */
const singletonWriter = async (): Promise<Client> => {
  const token = await tg.token(eevee);
  return createClient({ url: tg.gw.url.replace(/^http/, "ws"), webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0, lazy: false });
};
const over = async (client: Client, query: string, variables: Record<string, unknown>) => {
  const res = (await wsRequest(client, query, variables)) as { data?: any; errors?: unknown[] };
  expect(res.errors, JSON.stringify(res)).toBeUndefined();
  return res.data;
};
/** The note's exploration_strategy template (Task 4.1), filled as the agent fills it. */
const prompt = (memoryContext: string, visualAnalysis: string) =>
  `You are an AI playing Pokemon. Analyze the visual context and make movement decisions.\n\n${memoryContext}\n\n**CURRENT SITUATION:**\n${visualAnalysis}`;
const sessionOf = async (id: string) => (await okAs(tg, eevee, SESSIONS, { id })).gameSessions[0];

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "game" });
  eevee = tg.caller("eevee");
  await okAs(tg, eevee, `mutation ($id: ID!) { createAgents(input: [{ id: $id, name: "Eevee", role: "game agent" }]) { agents { id } } }`, { id: eevee.agentId });
});
afterAll(async () => {
  await tg.stop();
});

describe("the game agent plays its note's Testing Protocol over one connection per session", () => {
  it("Test 2 'Session Creation' (Task 1.3): --max-turns 1 creates an active session with its goal; _get_session_summary completes it", async () => {
    const writer = await singletonWriter();
    const sessionId = `${eevee.agentId}-creation`;
    const started = (await over(writer, START, { sessionId, goal: "test session creation", maxTurns: 1 })).startSession;
    expect(started).toMatchObject({ id: sessionId, status: "ACTIVE", goal: "test session creation", maxTurns: 1, turnsCompleted: 0 });
    expect(await sessionOf(sessionId)).toMatchObject({ status: "ACTIVE" });
    const ended = (await over(writer, END, { sessionId })).endSession;
    expect(ended).toMatchObject({ status: "COMPLETED", closeReason: "ENDED", turnsCompleted: 0 });
    await writer.dispose();
  });

  it("Test 3 'Turn Storage' (Task 2.2): --max-turns 2 stores 2 turns with complete data, base64 screenshots included, ids {session_id}_turn_{n}", async () => {
    const writer = await singletonWriter();
    const sessionId = `${eevee.agentId}-storage`;
    await over(writer, START, { sessionId, goal: "test turn storage", maxTurns: 2 });
    for (const [i, play] of PLAY.slice(0, 2).entries()) {
      const turn = { ...play, number: i + 1, screenshotPath: `/tmp/turn${i + 1}.png`, screenshot: { base64: PNG } };
      expect((await over(writer, RECORD, { sessionId, turn })).recordTurn).toEqual({ created: true, turn: { id: `${sessionId}_turn_${i + 1}` }, session: { turnsCompleted: i + 1 } });
    }
    const turns = (await okAs(tg, eevee, TURNS, { sessionId })).gameTurns;
    expect(turns).toHaveLength(2);
    // Task 3.2: location and battle context extracted from the analysis when the agent sends none.
    expect(turns[1]).toMatchObject({ number: 2, analysis: PLAY[1]!.analysis, buttonPresses: ["RIGHT"], success: false, location: "Route", screenshotPath: "/tmp/turn2.png", visual: { terrain: "grass", obstacles: ["tree"] }, battle: { inBattle: false } });
    expect(turns.map((t: any) => t.screenshot)).toEqual([{ mimeType: "image/png", sizeBytes: 70, base64: PNG }, { mimeType: "image/png", sizeBytes: 70, base64: PNG }]);
    await over(writer, END, { sessionId });
    await writer.dispose();
  });

  it("Test 4 'Memory Retrieval' and Test 5 'Full Integration' (Tasks 3.1, 4.1): four turns, each decided on the last turns in the note's compact JSON; the session completes", async () => {
    const writer = await singletonWriter();
    const sessionId = `${eevee.agentId}-full`;
    await over(writer, START, { sessionId, goal: "test complete memory system", maxTurns: 4 });
    for (const [i, play] of PLAY.entries()) {
      const context = (await over(writer, CONTEXT, { sessionId })).gameMemoryContext;
      expect(context.recent.turnCount).toBe(i);
      if (i > 0) expect(context.text).toContain(`**RECENT MEMORY** (last ${i} turns):\n${context.recent.json}`);
      const text = prompt(context.text, play.analysis);
      expect(text).toContain(play.analysis);
      const memory = JSON.parse(context.recent.json);
      const turn = { ...play, number: i + 1, screenshot: { base64: PNG }, memoryContext: { recentTurns: memory.recent_turns, turnCount: memory.turn_count, patterns: context.recent.patterns } };
      expect((await over(writer, RECORD, { sessionId, turn })).recordTurn.created).toBe(true);
    }
    const after = (await over(writer, CONTEXT, { sessionId })).gameMemoryContext;
    // The note's Memory Context Format: {"recent_turns":[{turn, action, result, context}], "turn_count", "patterns"}.
    expect(JSON.parse(after.recent.json)).toEqual({
      recent_turns: [
        { turn: 1, action: "up", result: "moved", context: "grass" },
        { turn: 2, action: "right", result: "blocked", context: "tree" },
        { turn: 3, action: "down", result: "moved", context: "path" },
        { turn: 4, action: "a", result: "done", context: "grass" },
      ],
      turn_count: 4,
      patterns: "none",
    });
    const turns = (await okAs(tg, eevee, TURNS, { sessionId })).gameTurns;
    expect(turns[3].battle).toEqual({ inBattle: true, battleType: "WILD" });
    expect(turns[3].memoryContext.turnCount).toBe(3);
    expect((await over(writer, END, { sessionId })).endSession).toMatchObject({ status: "COMPLETED", turnsCompleted: 4 });
    await writer.dispose();
  });

  it("Error Handling 'Atomic turn storage' and 'Proper cleanup on unexpected exit': a bad screenshot writes nothing; a dead process leaves no active session", async () => {
    const writer = await singletonWriter();
    const sessionId = `${eevee.agentId}-crash`;
    await over(writer, START, { sessionId, goal: "crash mid-run", maxTurns: 4 });
    const refused = (await wsRequest(writer, RECORD, { sessionId, turn: { ...PLAY[0], number: 1, screenshot: { base64: "not an image" } } })) as { errors?: any[] };
    expect(refused.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect((await okAs(tg, eevee, TURNS, { sessionId })).gameTurns).toEqual([]);
    await over(writer, RECORD, { sessionId, turn: { ...PLAY[0], number: 1 } });
    // The process dies: its connection closes without endSession.
    await writer.dispose();
    await eventually(async () => (await sessionOf(sessionId)).status !== "ACTIVE");
    expect(await sessionOf(sessionId)).toMatchObject({ status: "ABANDONED", closeReason: "CONNECTION_CLOSED", turnsCompleted: 1 });
  });

  it("Task 2.2 '_store_complete_turn_data': the agent's own turn_data (gemini_text, lower-case buttons, JSON-string contexts, \"hitting_obstacles\") is stored as it sends it", async () => {
    const writer = await singletonWriter();
    const sessionId = `${eevee.agentId}-raw`;
    await over(writer, START, { sessionId, goal: "store the raw turn", maxTurns: 4 });
    const post = async (body: unknown) => {
      const res = await fetch(`${tg.gw.url.replace(/\/graphql$/, "")}/api/game/turns`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${await tg.token(eevee)}` },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    // The note's turn_data, field for field, as json.dumps would send it.
    const turnData = {
      turn_id: `${sessionId}_turn_1`,
      session_id: sessionId,
      timestamp: "2026-11-22T10:15:30.123456",
      gemini_text: "A tree blocks the way east on Route 1.",
      button_presses: ["right"],
      screenshot_path: "/tmp/turn1.png",
      screenshot_base64: PNG,
      location: "Route",
      success: false,
      visual_context: JSON.stringify({ terrain: "grass", obstacles: ["tree"] }),
      battle_context: JSON.stringify({ in_battle: false }),
      memory_context: JSON.stringify({ recent_turns: [{ turn: 1, action: "right", result: "blocked", context: "tree" }], turn_count: 1, patterns: "hitting_obstacles" }),
    };
    const stored = await post(turnData);
    expect(stored).toEqual({ status: 200, body: { success: true, created: true, turn_id: `${sessionId}_turn_1`, session_id: sessionId, turns_completed: 1 } });
    const read = await okAs(tg, eevee, `query ($sessionId: ID!) { gameTurns(sessionId: $sessionId) { id analysis buttonPresses success location visual { terrain obstacles } battle { inBattle }
      memoryContext { turnCount patterns } screenshot { sizeBytes } } turns(where: { sessionId: { eq: $sessionId } }) { timestamp } }`, { sessionId });
    // datetime.now().isoformat(): no zone, microseconds; read as UTC.
    expect(read.turns).toEqual([{ timestamp: "2026-11-22T10:15:30.123Z" }]);
    expect(read.gameTurns[0]).toEqual({
      id: `${sessionId}_turn_1`, analysis: turnData.gemini_text, buttonPresses: ["RIGHT"], success: false, location: "Route",
      visual: { terrain: "grass", obstacles: ["tree"] }, battle: { inBattle: false }, memoryContext: { turnCount: 1, patterns: ["HITTING_OBSTACLES"] }, screenshot: { sizeBytes: 70 },
    });
    // Bad input is refused naming the agent's own field, and writes nothing.
    const jump = await post({ ...turnData, turn_id: `${sessionId}_turn_2`, button_presses: ["right", "jump"] });
    expect(jump).toMatchObject({ status: 400, body: { code: "BAD_USER_INPUT", field: "button_presses[1]" } });
    const garbled = await post({ ...turnData, turn_id: `${sessionId}_turn_2`, memory_context: "{not json" });
    expect(garbled).toMatchObject({ status: 400, body: { code: "BAD_USER_INPUT", field: "memory_context" } });
    const wrongId = await post({ ...turnData, turn_id: "turn_2" });
    expect(wrongId).toMatchObject({ status: 400, body: { code: "BAD_USER_INPUT", field: "turn_id" } });
    expect((await okAs(tg, eevee, TURNS, { sessionId })).gameTurns).toHaveLength(1);
    await over(writer, END, { sessionId });
    await writer.dispose();
  });

  it("Task 3.1 '_get_memory_context': the general context is get_recent_gameplay_summary(limit=5), the last five sessions, before the last turns", async () => {
    const writer = await singletonWriter();
    const sessionId = `${eevee.agentId}-next`;
    await over(writer, START, { sessionId, goal: "reach Viridian City", maxTurns: 4 });
    const context = (await over(writer, `query ($sessionId: ID!) { gameMemoryContext(sessionId: $sessionId) { text gameplay { sessionId status turns successfulTurns } general { text } } }`, { sessionId })).gameMemoryContext;
    // Five earlier sessions (creation, storage, full, crash, raw), newest first; this one is not among them.
    expect(context.gameplay.map((g: any) => g.sessionId)).toEqual(["raw", "crash", "full", "storage", "creation"].map((s) => `${eevee.agentId}-${s}`));
    expect(context.gameplay[2]).toMatchObject({ status: "COMPLETED", turns: 4, successfulTurns: 3 });
    const lines = context.text.split("\n");
    expect(lines[0]).toBe("**RECENT GAMEPLAY** (last 5 sessions):");
    expect(lines[1]).toMatch(/^- \[\d{4}-\d{2}-\d{2}\] "store the raw turn" \(Pokemon Red\): COMPLETED, 1 turns, 0 succeeded, last at Route$/);
    expect(context.text).toContain("**RECENT MEMORY** (last 0 turns):");
    expect(context.general).toBeNull();
    // The agent's memory block instead, for who asks for it.
    const block = (await over(writer, `query ($sessionId: ID!) { gameMemoryContext(sessionId: $sessionId, general: MEMORY_BLOCK) { gameplay { sessionId } general { text } } }`, { sessionId })).gameMemoryContext;
    expect(block.gameplay).toEqual([]);
    expect(block.general.text).toMatch(/^\[Agent Memory Context - Eevee\]/);
    await over(writer, END, { sessionId });
    await writer.dispose();
  });
});
