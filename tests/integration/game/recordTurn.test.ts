/**
 * recordTurn's guarantees against the real Neo4j: a retry is a no-op, other
 * content under the same id is CONFLICT, a closed session takes no turns, a bad
 * screenshot writes nothing, and a transaction that fails half-way leaves nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fails, ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { END, PNG, RECORD, START, jpegOf, storedSession } from "./gameOps.js";

let gw: TestGateway;
const me = uniqueAgent("turns");
let n = 0;
/** A fresh ACTIVE session of `me`. */
const session = async (maxTurns = 10) => {
  const sessionId = `${me}-s${++n}`;
  await ok(gw, START, { sessionId, goal: "test recordTurn", maxTurns }, me);
  return sessionId;
};
const TURN = { number: 1, analysis: "Tall grass on Route 1", buttonPresses: ["UP"], success: true, timestamp: "2026-11-22T09:00:00Z", screenshot: { base64: PNG } };

beforeAll(async () => {
  // A small screenshot limit, so that "oversized" needs no megabytes in the test.
  const config = testConfig();
  gw = await startTestGateway({ ...config, game: { ...config.game, screenshotMaxBytes: 10_000 } });
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

describe("recordTurn is idempotent", () => {
  it("a retry with the same content writes nothing and returns the stored turn", async () => {
    const sessionId = await session();
    const first = (await ok(gw, RECORD, { sessionId, turn: TURN }, me)).recordTurn;
    const before = await storedSession(gw.driver, sessionId);
    const retry = (await ok(gw, RECORD, { sessionId, turn: { ...TURN, timestamp: "2026-11-22T10:00:00+01:00" } }, me)).recordTurn;
    expect(first.created).toBe(true);
    expect(retry.created).toBe(false);
    expect(retry.turn).toEqual(first.turn);
    expect(retry.session.turnsCompleted).toBe(1);
    expect(await storedSession(gw.driver, sessionId)).toEqual(before);
  });

  it("the same turn id with different content is CONFLICT and the stored turn stays", async () => {
    const sessionId = await session();
    await ok(gw, RECORD, { sessionId, turn: TURN }, me);
    const before = await storedSession(gw.driver, sessionId);
    for (const changed of [{ ...TURN, success: false }, { ...TURN, screenshot: { base64: jpegOf(100) } }, { ...TURN, analysis: "Something else" }]) {
      const error = await fails(gw, RECORD, { sessionId, turn: changed }, me);
      expect(error).toMatchObject({ code: "CONFLICT", message: `Turn "${sessionId}_turn_1" is already stored with different content; a turn is written once` });
    }
    expect(await storedSession(gw.driver, sessionId)).toEqual(before);
  });

  it("two identical requests at once store one turn, and both answer with it", async () => {
    const sessionId = await session();
    const results = await Promise.all([1, 2, 3].map(() => gw.request<any>(RECORD, { sessionId, turn: TURN }, me)));
    for (const r of results) expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    expect(results.filter((r) => r.data!.recordTurn.created)).toHaveLength(1);
    const stored = (await storedSession(gw.driver, sessionId))!;
    expect(stored.allTurns).toBe(1);
    expect(stored.session.turnsCompleted).toBe(1);
  });
});

describe("recordTurn refuses what it must not store", () => {
  it("refuses a turn on a COMPLETED session (CONFLICT naming the status), yet still answers a retry of a stored turn", async () => {
    const sessionId = await session();
    await ok(gw, RECORD, { sessionId, turn: TURN }, me);
    await ok(gw, END, { sessionId }, me);
    const res = await gw.request(RECORD, { sessionId, turn: { ...TURN, number: 2 } }, me);
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: "CONFLICT", sessionStatus: "COMPLETED", closeReason: "ENDED" } });
    expect(res.errors?.[0]?.message).toBe(`Game session "${sessionId}" is COMPLETED: it takes no more turns`);
    expect((await storedSession(gw.driver, sessionId))!.allTurns).toBe(1);
    expect((await ok(gw, RECORD, { sessionId, turn: TURN }, me)).recordTurn.created).toBe(false);
  });

  it("refuses a turn beyond maxTurns, and a session that does not exist (NOT_FOUND)", async () => {
    const sessionId = await session(2);
    expect(await fails(gw, RECORD, { sessionId, turn: { ...TURN, number: 3 } }, me)).toMatchObject({ code: "BAD_USER_INPUT", field: "recordTurn.turn.number" });
    expect(await fails(gw, RECORD, { sessionId: `${me}-nowhere`, turn: TURN }, me)).toMatchObject({ code: "NOT_FOUND" });
    expect((await storedSession(gw.driver, sessionId))!.allTurns).toBe(0);
  });

  const badShots: [string, Record<string, unknown>, RegExp][] = [
    ["not base64", { base64: "this is not base64!!" }, /not valid base64/],
    ["base64 of text, not an image", { base64: Buffer.from("just some text here").toString("base64") }, /must be a PNG or JPEG image/],
    ["a PNG declared as JPEG", { base64: PNG, mimeType: "image/jpeg" }, /says image\/jpeg but the image is image\/png/],
    ["over the configured limit", { base64: jpegOf(10_001) }, /is 10001 bytes; the limit is 10000 bytes \(SCREENSHOT_MAX_BYTES\)/],
  ];
  for (const [what, screenshot, message] of badShots) {
    it(`refuses a screenshot that is ${what} with BAD_USER_INPUT, and writes nothing`, async () => {
      const sessionId = await session();
      const before = await storedSession(gw.driver, sessionId);
      const error = await fails(gw, RECORD, { sessionId, turn: { ...TURN, screenshot } }, me);
      expect(error.code).toBe("BAD_USER_INPUT");
      expect(error.message).toMatch(message);
      expect(await storedSession(gw.driver, sessionId)).toEqual(before);
    });
  }

  it("accepts a screenshot of exactly the limit", async () => {
    const sessionId = await session();
    const { recordTurn } = await ok(gw, RECORD, { sessionId, turn: { ...TURN, screenshot: { base64: jpegOf(10_000) } } }, me);
    expect(recordTurn.turn.screenshot).toMatchObject({ mimeType: "image/jpeg", sizeBytes: 10_000 });
  });
});

describe("recordTurn is atomic", () => {
  it("when the screenshot write fails after the turn was written, nothing of the turn remains", async () => {
    const sessionId = await session();
    const shotId = `${sessionId}_turn_1_screenshot`;
    // A stray node holding the screenshot's id: creating the screenshot, after the turn, breaks the (tenantId, id) constraint.
    await gw.driver.executeQuery("CREATE (:Screenshot {tenantId: 'local', id: $shotId, ownerId: $me, base64: 'stray'})", { shotId, me });
    const before = await storedSession(gw.driver, sessionId);
    const error = await fails(gw, RECORD, { sessionId, turn: TURN }, me);
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toContain(shotId);
    const after = (await storedSession(gw.driver, sessionId))!;
    // No turn, no link, no renewed lease, no count: the turn's writes were rolled back with the screenshot's.
    expect(after).toEqual(before);
    expect(after.allTurns).toBe(0);
    const { records } = await gw.driver.executeQuery("MATCH (sc:Screenshot {id: $shotId}) RETURN sc.base64 AS b, toFloat(COUNT { (sc)--() }) AS links", { shotId });
    expect(records.map((r) => [r.get("b"), Number(r.get("links"))])).toEqual([["stray", 0]]);
    // Once the stray node is gone the same turn goes through.
    await gw.driver.executeQuery("MATCH (sc:Screenshot {id: $shotId}) DELETE sc", { shotId });
    expect((await ok(gw, RECORD, { sessionId, turn: TURN }, me)).recordTurn.created).toBe(true);
  });
});
