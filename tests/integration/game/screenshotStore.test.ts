/**
 * SCREENSHOT_STORE=disk against the real Neo4j: the bytes go to a
 * content-addressed file of the tenant, the Screenshot node keeps only the
 * reference, every read returns the same base64 as the graph store did, a
 * write that fails leaves at most a file no node names, the sweep removes
 * such files (and those of deleted turns) and spares the rest, and a tenant
 * export carries the bytes inline into another tenant's blob store.
 */
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskBlobStore } from "../../../src/blobs/diskBlobStore.js";
import type { Caller } from "../../../src/core/caller.js";
import { sweepScreenshotBlobs, SWEEP_GRACE_MS } from "../../../src/game/screenshotSweeper.js";
import { okAs } from "../../support/gql.js";
import { testConfig } from "../../support/testGateway.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { PNG, jpegOf } from "./gameOps.js";

let tg: TokenGateway;
let dir: string;
let writer: Caller;
let admin: Caller;
let copyAdmin: Caller;
let copyTenant: string;
let n = 0;

const START = `mutation ($sessionId: ID!) { startSession(sessionId: $sessionId, goal: "test the screenshot store", maxTurns: 10) { id } }`;
const RECORD = `mutation ($sessionId: ID!, $turn: TurnInput!) { recordTurn(sessionId: $sessionId, turn: $turn) { created turn { id screenshot { id sha256 sizeBytes base64 } } } }`;
const END = `mutation ($sessionId: ID!) { endSession(sessionId: $sessionId) { status } }`;
const GAME_TURNS = `query ($sessionId: ID!) { gameTurns(sessionId: $sessionId) { number screenshot { base64 } } }`;
const CRUD_TURNS = `query ($sessionId: ID!) { turns(where: { sessionId: { eq: $sessionId } }, sort: [{ number: ASC }]) { number screenshot { base64 mimeType sizeBytes sha256 } } }`;
const turn = (number: number, base64: string) => ({ number, analysis: `Turn ${number} on Route 1`, buttonPresses: ["UP"], success: true, screenshot: { base64 } });
const sha = (base64: string) => createHash("sha256").update(Buffer.from(base64, "base64")).digest("hex");

const as = <T = Record<string, any>>(caller: Caller, query: string, variables: Record<string, unknown> = {}) => okAs<T>(tg, caller, query, variables);
const blobs = () => diskBlobStore(dir);
const sweepDeps = () => ({ driver: tg.gw.driver, database: "neo4j", screenshots: { mode: "disk" as const, blobs: blobs() } });
/** A sweep as if run long after every file here was put: only references protect a file. */
const sweepLater = () => sweepScreenshotBlobs(sweepDeps(), new Date(Date.now() + 2 * SWEEP_GRACE_MS));
const session = async () => {
  const sessionId = `shots-${++n}-${tg.tenant}`;
  await as(writer, START, { sessionId });
  return sessionId;
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "mnemograph-screenshot-store-"));
  const base = testConfig();
  tg = await startTokenGateway({ tenantPrefix: "shots", config: { game: { ...base.game, screenshotStore: "disk", screenshotDir: dir } } });
  writer = tg.caller("writer");
  admin = tg.caller("admin", ["agent", "admin"]);
  copyTenant = `${tg.tenant}-copy`;
  copyAdmin = { ...tg.caller("admin", ["agent", "admin"]), tenantId: copyTenant };
});
afterAll(async () => {
  await tg.gw.driver.executeQuery("MATCH (n) WHERE n.tenantId = $tenant DETACH DELETE n", { tenant: copyTenant });
  await tg.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("SCREENSHOT_STORE=disk", () => {
  it("keeps the bytes in a file of the tenant and only the reference in the graph; every read returns the base64 sent", async () => {
    const sessionId = await session();
    const shots = [PNG, jpegOf(5000)];
    for (const [i, base64] of shots.entries()) {
      const { recordTurn } = await as(writer, RECORD, { sessionId, turn: turn(i + 1, base64) });
      expect(recordTurn.turn.screenshot).toMatchObject({ sha256: sha(base64), base64 });
    }
    const { records } = await tg.gw.driver.executeQuery(
      "MATCH (:Turn {tenantId: $tenant, sessionId: $sessionId})-[:HAS_SCREENSHOT]->(sc:Screenshot) RETURN sc ORDER BY sc.id",
      { tenant: tg.tenant, sessionId },
    );
    const stored = records.map((r) => r.get("sc").properties as Record<string, unknown>);
    expect(stored.map((p) => [p.store, p.sha256, "base64" in p])).toEqual(shots.map((s) => ["disk", sha(s), false]));
    for (const base64 of shots) expect((await blobs().get(tg.tenant, sha(base64)))?.toString("base64")).toBe(base64);
    // Keyed per tenant: the same hash under another tenant reads nothing.
    expect(await blobs().get(copyTenant, sha(PNG))).toBeNull();

    expect((await as(writer, GAME_TURNS, { sessionId })).gameTurns.map((t: any) => t.screenshot.base64)).toEqual(shots);
    const crud = (await as(writer, CRUD_TURNS, { sessionId })).turns;
    expect(crud.map((t: any) => t.screenshot[0])).toEqual([
      { base64: PNG, mimeType: "image/png", sizeBytes: 70, sha256: sha(PNG) },
      { base64: shots[1], mimeType: "image/jpeg", sizeBytes: 5000, sha256: sha(shots[1]!) },
    ]);
  });

  it("a turn refused after its bytes were put leaves only a file no node names, which the sweep removes; named files stay", async () => {
    const sessionId = await session();
    const kept = jpegOf(3001);
    await as(writer, RECORD, { sessionId, turn: turn(1, kept) });
    await as(writer, END, { sessionId });
    const orphan = jpegOf(3002);
    const refused = await tg.as(writer, RECORD, { sessionId, turn: turn(2, orphan) });
    expect(refused.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    expect(await blobs().get(tg.tenant, sha(orphan))).not.toBeNull();

    // Within the grace period nothing is swept: the turn of a file just put may not have committed yet.
    await sweepScreenshotBlobs(sweepDeps(), new Date());
    expect(await blobs().get(tg.tenant, sha(orphan))).not.toBeNull();

    expect(await sweepLater()).toBeGreaterThanOrEqual(1);
    expect(await blobs().get(tg.tenant, sha(orphan))).toBeNull();
    expect(await blobs().get(tg.tenant, sha(kept))).not.toBeNull();
    expect((await as(writer, GAME_TURNS, { sessionId })).gameTurns[0].screenshot.base64).toBe(kept);
  });

  it("the same bytes put again by a retry or a later turn are one file, kept while any turn names it", async () => {
    const sessionId = await session();
    const shared = jpegOf(3003);
    await as(writer, RECORD, { sessionId, turn: turn(1, shared) });
    expect((await as(writer, RECORD, { sessionId, turn: turn(1, shared) })).recordTurn.created).toBe(false);
    await as(writer, RECORD, { sessionId, turn: turn(2, shared) });
    await as(writer, `mutation ($id: ID!) { deleteTurns(where: { id: { eq: $id } }, delete: { screenshot: [{}] }) { nodesDeleted } }`, { id: `${sessionId}_turn_1` });
    await sweepLater();
    expect((await as(writer, GAME_TURNS, { sessionId })).gameTurns.map((t: any) => t.screenshot.base64)).toEqual([shared]);
  });

  it("deleting a turn with its screenshot leaves its file only until the next sweep", async () => {
    const sessionId = await session();
    const gone = jpegOf(3004);
    await as(writer, RECORD, { sessionId, turn: turn(1, gone) });
    const deleted = await as(writer, `mutation ($id: ID!) { deleteTurns(where: { id: { eq: $id } }, delete: { screenshot: [{}] }) { nodesDeleted } }`, {
      id: `${sessionId}_turn_1`,
    });
    expect(deleted.deleteTurns.nodesDeleted).toBe(2);
    expect(await blobs().get(tg.tenant, sha(gone))).not.toBeNull();
    await sweepLater();
    expect(await blobs().get(tg.tenant, sha(gone))).toBeNull();
  });

  it("a screenshot stored in the graph (before disk, or under SCREENSHOT_STORE=graph) is read from its node", async () => {
    const sessionId = await session();
    const old = jpegOf(3005);
    await as(writer, RECORD, { sessionId, turn: turn(1, old) });
    // What a graph-store gateway wrote before the marker existed: the bytes in the node, no `store`, no file.
    await tg.gw.driver.executeQuery("MATCH (sc:Screenshot {tenantId: $tenant, id: $id}) SET sc.base64 = $old REMOVE sc.store", { tenant: tg.tenant, id: `${sessionId}_turn_1_screenshot`, old });
    await blobs().delete(tg.tenant, sha(old));
    expect((await as(writer, GAME_TURNS, { sessionId })).gameTurns[0].screenshot.base64).toBe(old);
    expect((await as(writer, CRUD_TURNS, { sessionId })).turns[0].screenshot[0].base64).toBe(old);
  });

  it("a tenant export carries the bytes inline, and its import puts them into the importing tenant's files", async () => {
    const sessionId = await session();
    const shots = [jpegOf(4001), jpegOf(4002)];
    for (const [i, base64] of shots.entries()) await as(writer, RECORD, { sessionId, turn: turn(i + 1, base64) });

    const exported: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { exportTenantPage: { lines: string[]; next: string | null } } = await as(admin, `query ($cursor: String) { exportTenantPage(cursor: $cursor, pageSize: 200) { lines next } }`, { cursor });
      exported.push(...page.exportTenantPage.lines);
      cursor = page.exportTenantPage.next;
    } while (cursor);
    const screenshotLines = exported.map((l) => JSON.parse(l)).filter((l) => l.label === "Screenshot" && l.id.startsWith(sessionId));
    expect(screenshotLines.map((l) => [l.properties.base64, l.properties.sha256, "store" in l.properties])).toEqual(shots.map((s) => [s, sha(s), false]));

    const lines = exported.slice(1).map((text, i) => ({ line: i + 2, text }));
    const imported = await as(copyAdmin, `mutation ($lines: [TenantImportLine!]!) { importTenantLines(lines: $lines) { nodesCreated refused { line error } } }`, { lines });
    expect(imported.importTenantLines.refused).toEqual([]);
    for (const base64 of shots) expect((await blobs().get(copyTenant, sha(base64)))?.toString("base64")).toBe(base64);
    const copyReader = { ...tg.caller("writer"), tenantId: copyTenant };
    expect((await as(copyReader, GAME_TURNS, { sessionId })).gameTurns.map((t: any) => t.screenshot.base64)).toEqual(shots);
    const { records } = await tg.gw.driver.executeQuery("MATCH (sc:Screenshot {tenantId: $tenant}) WHERE sc.id STARTS WITH $sessionId RETURN sc.store AS store, sc.base64 AS b", {
      tenant: copyTenant,
      sessionId,
    });
    expect(records.map((r) => [r.get("store"), r.get("b")])).toEqual([
      ["disk", null],
      ["disk", null],
    ]);
  });

  it("an import line whose screenshot bytes are not a PNG or JPEG, or do not match its sha256, is refused and writes no file", async () => {
    const line = (id: string, base64: string, sha256: string) => ({
      line: 7,
      text: JSON.stringify({ kind: "node", label: "Screenshot", labels: ["Screenshot"], id, properties: { base64, sha256, mimeType: "image/jpeg", sizeBytes: 10, turnId: "x", ownerId: "x", visibility: "PRIVATE", sharedWith: [] } }),
    });
    const text = Buffer.from("not an image at all").toString("base64");
    const bad = await as(copyAdmin, `mutation ($lines: [TenantImportLine!]!) { importTenantLines(lines: $lines) { nodesCreated refused { line error } } }`, {
      lines: [line("bad-shot-1", text, sha(text))],
    });
    expect(bad.importTenantLines).toEqual({ nodesCreated: 0, refused: [{ line: 7, error: "a Screenshot's base64 must be strict base64 of a PNG or JPEG" }] });
    const jpeg = jpegOf(100);
    const mismatch = await as(copyAdmin, `mutation ($lines: [TenantImportLine!]!) { importTenantLines(lines: $lines) { nodesCreated refused { line error } } }`, {
      lines: [line("bad-shot-2", jpeg, "0".repeat(64))],
    });
    expect(mismatch.importTenantLines.refused[0].error).toMatch(/sha256 "0{64}" is not that of its bytes/);
    expect(await blobs().get(copyTenant, sha(jpeg))).toBeNull();
  });
});
