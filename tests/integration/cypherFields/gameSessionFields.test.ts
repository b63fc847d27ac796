/**
 * GameSession.recentTurns and GameSession.patterns against the real Neo4j:
 * the same window and the same patterns as the recentTurns query, only turns
 * the caller may read, and `last` checked like any argument.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { okAs } from "../../support/gql.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

let tg: TokenGateway;
let owner: Caller;
let other: Caller;
let stranger: Caller;
const sessionId = () => `cy-session-${tg.tenant}`;

const data = (caller: Caller, query: string, variables: Record<string, unknown> = {}) => okAs<Record<string, any>>(tg, caller, query, variables);

const readSession = (caller: Caller, selection: string) =>
  data(caller, `query ($id: ID!) { gameSessions(where: { id: { eq: $id } }) { ${selection} } }`, { id: sessionId() }).then((d) => d.gameSessions[0] as Record<string, any> | undefined);

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "cygame" });
  owner = tg.caller("owner");
  other = tg.caller("other");
  stranger = { ...tg.caller("admin", ["agent", "admin"]), tenantId: `${tg.tenant}-elsewhere` };
  await data(owner, `mutation ($id: ID!) { startSession(sessionId: $id, goal: "reach the gym", maxTurns: 20, visibility: SHARED) { id } }`, { id: sessionId() });
  // A walk that keeps running into the same wall: blocked moves, then failures in a row.
  const turns = [
    { number: 1, buttonPresses: ["UP"], success: true, location: "route 1" },
    { number: 2, buttonPresses: ["UP"], success: false, location: "route 1", visual: { obstacles: ["tree"] } },
    { number: 3, buttonPresses: ["UP"], success: false, location: "route 1", visual: { obstacles: ["tree"] } },
    { number: 4, buttonPresses: ["A"], success: false, location: "route 1" },
    { number: 5, buttonPresses: ["A"], success: false, location: "route 1" },
  ];
  for (const turn of turns) {
    await data(owner, `mutation ($id: ID!, $turn: TurnInput!) { recordTurn(sessionId: $id, turn: $turn) { created } }`, { id: sessionId(), turn: { ...turn, analysis: `turn ${turn.number}` } });
  }
});

afterAll(async () => {
  await tg?.stop();
});

describe("GameSession.recentTurns", () => {
  it("returns the last turns, oldest first, four by default", async () => {
    const session = await readSession(owner, `recentTurns { number } last2: recentTurns(last: 2) { number success }`);
    expect(session!.recentTurns.map((t: any) => t.number)).toEqual([2, 3, 4, 5]);
    expect(session!.last2).toEqual([{ number: 4, success: false }, { number: 5, success: false }]);
  });

  it("counts only the turns the caller may read: a private last turn does not take a place", async () => {
    await data(owner, `mutation ($id: ID!) { updateTurns(where: { id: { eq: $id } }, update: { visibility: { set: PRIVATE } }) { turns { id } } }`, { id: `${sessionId()}_turn_5` });
    try {
      const seen = await readSession(other, `recentTurns(last: 3) { number analysis }`);
      expect(seen!.recentTurns.map((t: any) => t.number)).toEqual([2, 3, 4]);
      const mine = await readSession(owner, `recentTurns(last: 3) { number }`);
      expect(mine!.recentTurns.map((t: any) => t.number)).toEqual([3, 4, 5]);
    } finally {
      await data(owner, `mutation ($id: ID!) { updateTurns(where: { id: { eq: $id } }, update: { visibility: { set: SHARED } }) { turns { id } } }`, { id: `${sessionId()}_turn_5` });
    }
  });

  it("gives another tenant nothing", async () => {
    expect(await readSession(stranger, `recentTurns { number } patterns`)).toBeUndefined();
  });

  it("refuses last outside 1..50 (BAD_USER_INPUT naming GameSession.recentTurns.last)", async () => {
    for (const last of [0, 51]) {
      const res = await tg.as(owner, `query ($last: Int) { gameSessions { recentTurns(last: $last) { id } } }`, { last });
      expect(res.errors?.[0]?.extensions, JSON.stringify(res.errors)).toMatchObject({ code: "BAD_USER_INPUT", field: "GameSession.recentTurns.last" });
    }
  });
});

describe("GameSession.patterns", () => {
  it("names the patterns the recentTurns query detects in the same window", async () => {
    const session = await readSession(owner, `patterns aliased: patterns`);
    const query = await data(owner, `query ($id: ID!) { recentTurns(sessionId: $id, last: 4) { patterns } }`, { id: sessionId() });
    expect(query.recentTurns.patterns.length).toBeGreaterThan(0);
    expect(session!.patterns).toEqual(query.recentTurns.patterns);
    expect(session!.aliased).toEqual(query.recentTurns.patterns);
  });

  it("is empty for another agent when the session's turns are private to the owner", async () => {
    await tg.gw.driver.executeQuery(`MATCH (t:Turn {tenantId: $tenant, sessionId: $id}) SET t.visibility = 'PRIVATE'`, { tenant: tg.tenant, id: sessionId() });
    try {
      expect((await readSession(other, `patterns recentTurns { number }`))).toEqual({ patterns: [], recentTurns: [] });
    } finally {
      await tg.gw.driver.executeQuery(`MATCH (t:Turn {tenantId: $tenant, sessionId: $id}) SET t.visibility = 'SHARED'`, { tenant: tg.tenant, id: sessionId() });
    }
  });
});
