/**
 * Who reads game memory: a SHARED session is readable by the tenant, yet a
 * turn its owner made PRIVATE stays hidden from other agents in every read
 * path (generated nested reads, recentTurns, gameTurns).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { GAME_TURNS, PNG, RECENT, RECORD } from "./gameOps.js";

let tg: TokenGateway;
const sessionId = "shared-run";

beforeAll(async () => {
  tg = await startTokenGateway();
  const owner = tg.caller("player");
  const started = await tg.as(owner, `mutation { startSession(sessionId: "${sessionId}", goal: "share", maxTurns: 5, visibility: SHARED) { id } }`);
  expect(started.errors).toBeUndefined();
  for (const number of [1, 2]) {
    const turn = { number, analysis: `secret-analysis-${number}`, buttonPresses: ["UP"], success: true, screenshot: { base64: PNG } };
    expect((await tg.as(owner, RECORD, { sessionId, turn })).errors).toBeUndefined();
  }
  const hidden = await tg.as(owner, `mutation { updateTurns(where: { id: { eq: "${sessionId}_turn_2" } }, update: { visibility: { set: PRIVATE } }) { turns { id } } }`);
  expect(hidden.errors).toBeUndefined();
});
afterAll(async () => {
  await tg.stop();
});

describe("turns a SHARED session's owner made PRIVATE", () => {
  it("are hidden from another agent in nested reads, recentTurns and gameTurns; the owner sees both", async () => {
    const other = tg.caller("watcher");
    const nested = await tg.as(other, `{ gameSessions(where: { id: { eq: "${sessionId}" } }) { id turns { number analysis } } }`);
    expect(nested.data).toEqual({ gameSessions: [{ id: sessionId, turns: [{ number: 1, analysis: "secret-analysis-1" }] }] });
    const recent = await tg.as(other, RECENT, { sessionId });
    expect(recent.data!.recentTurns.recentTurns.map((t: { turn: number }) => t.turn)).toEqual([1]);
    const full = await tg.as(other, GAME_TURNS, { sessionId });
    expect(full.data!.gameTurns.map((t: { number: number }) => t.number)).toEqual([1]);
    expect(JSON.stringify([nested, recent, full])).not.toContain("secret-analysis-2");
    const mine = await tg.as(tg.caller("player"), GAME_TURNS, { sessionId });
    expect(mine.data!.gameTurns.map((t: { number: number }) => t.number)).toEqual([1, 2]);
  });

  it("cannot be written to by another agent who can read the session (FORBIDDEN)", async () => {
    const res = await tg.as(tg.caller("watcher"), RECORD, { sessionId, turn: { number: 3, analysis: "x", buttonPresses: [], success: true } });
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(["FORBIDDEN"]);
  });
});
