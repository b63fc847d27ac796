import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fails, ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

let gw: TestGateway;
const me = uniqueAgent("game");
const session = `${me}-session`;
const turnId = `${session}_turn_1`;
// A real 1x1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

beforeAll(async () => {
  gw = await startTestGateway();
  await ok(gw, `mutation ($id: ID!) { startSession(sessionId: $id, game: "Pokemon Red", goal: "reach Viridian City", maxTurns: 4) { id } }`, { id: session }, me);
  const turn = {
    number: 1,
    timestamp: "2025-06-01T12:00:00Z",
    analysis: "The player stands in tall grass on Route 1; a tree blocks the path north.",
    buttonPresses: ["UP"],
    success: false,
    screenshotPath: "/tmp/shot1.png",
    screenshot: { base64: PNG },
    visual: { description: "grass, tree north", terrain: "grass", validMovements: ["LEFT", "RIGHT", "DOWN"], obstacles: ["tree"] },
    memoryContext: { recentTurns: [], turnCount: 0, patterns: [] },
  };
  await ok(gw, `mutation ($id: ID!, $turn: TurnInput!) { recordTurn(sessionId: $id, turn: $turn) { created } }`, { id: session, turn }, me);
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

describe("game sessions and turns through generated CRUD", () => {
  it("reads a session and its turns with every stored field of the game agent's notes, flat and filterable", async () => {
    const read = await ok(
      gw,
      `query ($id: ID!) { gameSessions(where: { id: { eq: $id } }) { goal status turnsCompleted turns(where: { location: { eq: "Route" } }, sort: [{ number: DESC }], limit: 4) {
          id sessionId number analysis buttonPresses success location validMovements terrain obstacles inBattle battleType memoryTurnCount memoryPatterns
        } } }`,
      { id: session },
      me,
    );
    expect(read.gameSessions[0]).toEqual({
      goal: "reach Viridian City",
      status: "ACTIVE",
      turnsCompleted: 1,
      turns: [
        {
          id: turnId, sessionId: session, number: 1, analysis: expect.stringContaining("tall grass"), buttonPresses: ["UP"], success: false, location: "Route",
          validMovements: ["LEFT", "RIGHT", "DOWN"], terrain: "grass", obstacles: ["tree"], inBattle: false, battleType: null, memoryTurnCount: 0, memoryPatterns: [],
        },
      ],
    });
    const shot = await ok(gw, `query ($id: ID!) { turns(where: { id: { eq: $id } }) { screenshot { mimeType base64 sizeBytes } } }`, { id: turnId }, me);
    expect(shot.turns[0].screenshot).toEqual([{ mimeType: "image/png", base64: PNG, sizeBytes: 70 }]);
  });

  it("offers no generated create for sessions, turns or screenshots: recordTurn's validation cannot be bypassed", async () => {
    for (const [field, type] of [["createGameSessions", "GameSessionCreateInput"], ["createTurns", "TurnCreateInput"], ["createScreenshots", "ScreenshotCreateInput"]]) {
      const error = await fails(gw, `mutation ($input: [${type}!]!) { ${field}(input: $input) { info { nodesCreated } } }`, { input: [] }, me);
      expect(error.code).toBe("BAD_USER_INPUT");
    }
  });

  it("never lets generated update move a session's status or rewrite what happened in a turn", async () => {
    const status = await fails(gw, `mutation ($id: ID!) { updateGameSessions(where: { id: { eq: $id } }, update: { status: { set: COMPLETED } }) { gameSessions { status } } }`, { id: session }, me);
    expect(status.code).toBe("BAD_USER_INPUT");
    const content = await fails(gw, `mutation ($id: ID!) { updateTurns(where: { id: { eq: $id } }, update: { success: { set: true } }) { turns { success } } }`, { id: turnId }, me);
    expect(content.code).toBe("BAD_USER_INPUT");
    const nested = await fails(
      gw,
      `mutation ($id: ID!) { updateTurns(where: { id: { eq: $id } }, update: { screenshot: [{ create: [{ node: { mimeType: "image/png", base64: "x", sizeBytes: 1 } }] }] }) { turns { id } } }`,
      { id: turnId },
      me,
    );
    expect(nested.code).toBe("BAD_USER_INPUT");
  });

  it("shares a session and a turn, and deletes a turn together with its screenshot", async () => {
    const shared = await ok(gw, `mutation ($id: ID!) { updateTurns(where: { id: { eq: $id } }, update: { visibility: { set: SHARED } }) { turns { visibility } } }`, { id: turnId }, me);
    expect(shared.updateTurns.turns).toEqual([{ visibility: "SHARED" }]);
    const deleted = await ok(gw, `mutation ($id: ID!) { deleteTurns(where: { id: { eq: $id } }, delete: { screenshot: [{}] }) { nodesDeleted } }`, { id: turnId }, me);
    expect(deleted.deleteTurns.nodesDeleted).toBe(2);
    const { records } = await gw.driver.executeQuery("MATCH (n) WHERE n.id IN [$turnId, $shot] RETURN count(n) AS left", { turnId, shot: `${turnId}_screenshot` });
    expect(Number(records[0]!.get("left"))).toBe(0);
  });
});
