/**
 * A session started over a WebSocket lives no longer than that connection:
 * when the socket closes, the session is closed as ABANDONED (CONNECTION_CLOSED).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { wsRequest } from "../../support/wsClient.js";
import { END, RECORD, START, eventually, storedSession } from "./gameOps.js";

let gw: TestGateway;
const me = uniqueAgent("socket");

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

/** One connection held open across operations (the shared helper's lazy client closes after each one). */
const connect = () =>
  createClient({ url: gw.url.replace(/^http/, "ws"), webSocketImpl: WebSocket, connectionParams: { "x-mnemograph-agent": me }, retryAttempts: 0, lazy: false });

const sessionOf = async (sessionId: string) => (await storedSession(gw.driver, sessionId))!.session;

describe("sessions started over a WebSocket", () => {
  it("are closed as ABANDONED when the connection closes; a session started over HTTP is not", async () => {
    const overSocket = `${me}-ws`;
    const overHttp = `${me}-http`;
    await ok(gw, START, { sessionId: overHttp, goal: "http", maxTurns: 5 }, me);
    const client = connect();
    const started = await wsRequest(client, START, { sessionId: overSocket, goal: "socket", maxTurns: 5 });
    expect(started).toMatchObject({ data: { startSession: { id: overSocket, status: "ACTIVE", agentId: me } } });
    const turn = await wsRequest(client, RECORD, { sessionId: overSocket, turn: { number: 1, analysis: "Pallet Town", buttonPresses: ["UP"], success: true } });
    expect(turn).toMatchObject({ data: { recordTurn: { created: true } } });
    expect((await sessionOf(overSocket)).status).toBe("ACTIVE");

    await client.dispose();
    await eventually(async () => (await sessionOf(overSocket)).status === "ABANDONED");
    expect(await sessionOf(overSocket)).toMatchObject({ closeReason: "CONNECTION_CLOSED", turnsCompleted: 1 });
    expect((await sessionOf(overHttp)).status).toBe("ACTIVE");
  });

  it("leave a session ended over the socket COMPLETED when the connection closes", async () => {
    const ended = `${me}-ended`;
    const open = `${me}-open`;
    const client = connect();
    await wsRequest(client, START, { sessionId: ended, goal: "socket", maxTurns: 5 });
    await wsRequest(client, START, { sessionId: open, goal: "socket", maxTurns: 5 });
    expect(await wsRequest(client, END, { sessionId: ended })).toMatchObject({ data: { endSession: { status: "COMPLETED" } } });
    await client.dispose();
    // Both sessions' close hooks start together when the socket closes; the ended one must stay as endSession left it.
    await eventually(async () => (await sessionOf(open)).status === "ABANDONED");
    expect(await sessionOf(ended)).toMatchObject({ status: "COMPLETED", closeReason: "ENDED" });
  });
});
