import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

let gw: TestGateway;
const me = uniqueAgent("game");
const session = `${me}-session`;
// A real 1x1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

describe("game sessions and turns through GraphQL", () => {
  it("stores a session and a turn with every field of seed 001, its screenshot in its own node", async () => {
    await ok(gw, `mutation ($id: ID!) { createGameSessions(input: [{ id: $id, game: "Pokemon Red", goal: "reach Viridian City", maxTurns: 4 }]) { gameSessions { status turnsCompleted startedAt } } }`, { id: session }, me);
    const turn = {
      id: `${session}_turn_1`,
      number: 1,
      timestamp: "2025-06-01T12:00:00Z",
      analysis: "The player stands in tall grass on Route 1; a tree blocks the path north.",
      buttonPresses: ["up"],
      success: false,
      location: "Route",
      screenshotPath: "/tmp/shot1.png",
      visualDescription: "grass, tree north",
      validMovements: ["left", "right", "down"],
      terrain: "grass",
      inBattle: false,
      memoryContext: '{"recent_turns":[],"turn_count":0,"patterns":"none"}',
      session: { connect: [{ where: { node: { id: { eq: session } } } }] },
      screenshot: { create: [{ node: { mimeType: "image/png", base64: PNG, sizeBytes: 70 } }] },
    };
    await ok(gw, `mutation ($input: [TurnCreateInput!]!) { createTurns(input: $input) { turns { id } } }`, { input: [turn] }, me);

    const read = await ok(
      gw,
      `query ($id: ID!) { gameSessions(where: { id: { eq: $id } }) { goal turns(sort: [{ number: DESC }], limit: 4) {
          id number analysis buttonPresses success location validMovements terrain inBattle memoryContext
        } } }`,
      { id: session },
      me,
    );
    expect(read.gameSessions[0].turns).toEqual([
      {
        id: `${session}_turn_1`, number: 1, analysis: turn.analysis, buttonPresses: ["up"], success: false, location: "Route",
        validMovements: ["left", "right", "down"], terrain: "grass", inBattle: false, memoryContext: turn.memoryContext,
      },
    ]);
    const shot = await ok(gw, `query ($id: ID!) { turns(where: { id: { eq: $id } }) { screenshot { mimeType base64 sizeBytes } } }`, { id: turn.id }, me);
    expect(shot.turns[0].screenshot).toEqual([{ mimeType: "image/png", base64: PNG, sizeBytes: 70 }]);
  });

  it("completes a session and deletes a turn", async () => {
    const done = await ok(
      gw,
      `mutation ($id: ID!) { updateGameSessions(where: { id: { eq: $id } }, update: { status: { set: COMPLETED }, turnsCompleted: { set: 1 }, endedAt: { set: "2025-06-01T12:05:00Z" } }) { gameSessions { status turnsCompleted endedAt } } }`,
      { id: session },
      me,
    );
    expect(done.updateGameSessions.gameSessions[0]).toEqual({ status: "COMPLETED", turnsCompleted: 1, endedAt: "2025-06-01T12:05:00.000Z" });
    const deleted = await ok(gw, `mutation ($id: ID!) { deleteTurns(where: { id: { eq: $id } }) { nodesDeleted } }`, { id: `${session}_turn_1` }, me);
    expect(deleted.deleteTurns.nodesDeleted).toBe(1);
  });
});
