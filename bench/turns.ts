/**
 * `npm run bench:turns -- [--turns 500] [--sessions 1000] [--per-session 100] [--queries 1000] [--screenshot-bytes 204800] [--record-only]`
 *
 * 1. recordTurn throughput over GraphQL (HTTP round trip, validation, one
 *    transaction per turn) with a screenshot of `--screenshot-bytes` (200 KB)
 *    on every turn: one agent playing turn after turn, as the game agent's
 *    loop does, then four at once. Reports latency, the CPU per turn of this
 *    process (the gateway and the benchmark's client) and of Neo4j from their
 *    own /proc counters, and what the data directory holds on disk afterwards
 *    (Neo4j's store, its transaction logs, SCREENSHOT_STORE=disk's files).
 *    `--record-only` stops there.
 * 2. Fills the store to `sessions × per-session` turns (default 100,000 over
 *    1,000 sessions). Sessions are started with startSession; turn rows are
 *    built by the same pure functions recordTurn uses (parseTurnInput,
 *    turnProperties) and written in bulk UNWIND batches, without screenshots,
 *    so that filling takes seconds rather than the hour 100k single
 *    transactions would. The node shape and indexes are recordTurn's own.
 * 3. recentTurns(last: 4) latency over GraphQL on random sessions of that store.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import neo4j from "neo4j-driver";
import { loadConfig } from "../src/config/config.js";
import { KEYWORD_EXTRACTORS } from "../src/game/analysisKeywords.js";
import type { GameDeps } from "../src/game/gameDeps.js";
import { turnProperties } from "../src/game/gameTurn.js";
import { parseTurnInput } from "../src/game/parseTurnInput.js";
import { startSession } from "../src/game/sessionLifecycle.js";
import { createLogger } from "../src/logging/logger.js";
import type { GameButton } from "../src/generated/resolvers-types.js";
import { percentile } from "./locomo/metrics.js";
import { seededRandom } from "./support/seededRandom.js";
import { startBenchGateway } from "./support/benchGateway.js";
import { cpuSeconds, findNeo4jPid } from "./support/procStats.js";

const { values } = parseArgs({
  options: {
    turns: { type: "string", default: "500" },
    sessions: { type: "string", default: "1000" },
    "per-session": { type: "string", default: "100" },
    queries: { type: "string", default: "1000" },
    "screenshot-bytes": { type: "string", default: String(200 * 1024) },
    "record-only": { type: "boolean", default: false },
  },
});
const TURNS = Number(values.turns);
const SESSIONS = Number(values.sessions);
const PER_SESSION = Number(values["per-session"]);
const QUERIES = Number(values.queries);
const AGENT = "bench-turns";
const SCREENSHOT_BYTES = Number(values["screenshot-bytes"]);
const BUTTONS: GameButton[] = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B"];
const random = seededRandom(6);

const START = `mutation ($sessionId: ID!) { startSession(sessionId: $sessionId, goal: "benchmark", maxTurns: 1000000) { id } }`;
const RECORD = `mutation ($sessionId: ID!, $turn: TurnInput!) { recordTurn(sessionId: $sessionId, turn: $turn) { created turn { id } } }`;
const RECENT = `query ($sessionId: ID!) { recentTurns(sessionId: $sessionId, last: 4) { turnCount patterns json } }`;

/** A JPEG-headed image of pseudo-random bytes (incompressible, like a real screenshot's entropy). */
function screenshot(): string {
  const bytes = Buffer.alloc(SCREENSHOT_BYTES);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes.toString("base64");
}

/**
 * One of the pre-made screenshots made unique to its turn (bytes 6–14 carry the session and turn), so that
 * no store keeps two turns' images as one: a content-addressed store would otherwise hold only eight files.
 */
function unique(shot: string, sessionId: string, n: number): string {
  const stamp = createHash("sha256").update(`${sessionId}/${n}`).digest().subarray(0, 9);
  // Characters 8..19 of the base64 are bytes 6..14: the JPEG's first bytes (0..5) stay as they are.
  return `${shot.slice(0, 8)}${stamp.toString("base64")}${shot.slice(20)}`;
}

function turnInput(number: number, shot?: string) {
  const button = BUTTONS[Math.floor(random() * BUTTONS.length)]!;
  return {
    number,
    analysis: `Turn ${number}: the player stands on Route ${1 + (number % 25)}; tall grass to the north, a tree to the east.`,
    buttonPresses: [button],
    success: random() > 0.3,
    visual: { terrain: "grass", validMovements: ["UP", "DOWN"] as GameButton[], obstacles: ["tree"] },
    ...(shot ? { screenshot: { base64: shot } } : {}),
  };
}

// A data directory of the benchmark's own, so that Neo4j's process and what the run left on disk can be found.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "mnemograph-bench-turns-"));
const gw = await startBenchGateway(process.env, { keepDataDir: dataDir });
const driver = gw.app.driver;
const neo4jPid = findNeo4jPid(dataDir);
const lines: string[] = [];

/** CPU seconds so far of this process (the gateway and the client) and of the embedded Neo4j. */
const cpuNow = () => ({ gateway: cpuSeconds(process.pid) ?? 0, neo4j: neo4jPid === null ? 0 : (cpuSeconds(neo4jPid) ?? 0) });
/** Bytes on disk (du) of a folder under the data directory; 0 when it is not there. */
const diskBytes = (...parts: string[]) => {
  try {
    return Number(execFileSync("du", ["-sb", path.join(dataDir, ...parts)]).toString().split("\t")[0]);
  } catch {
    return 0;
  }
};
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
try {
  const shots = Array.from({ length: 8 }, screenshot);
  lines.push(
    `bench:turns — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`,
    "",
  );

  // 1. recordTurn throughput with a 200 KB screenshot per turn.
  const latencies: number[] = [];
  const play = async (sessionId: string, from: number, count: number) => {
    for (let n = from; n < from + count; n++) {
      const t = performance.now();
      await gw.request(RECORD, { sessionId, turn: turnInput(n, unique(shots[n % shots.length]!, sessionId, n)) }, AGENT);
      latencies.push(performance.now() - t);
    }
  };
  /** One measured phase: turns/s, latency and CPU per turn of the gateway's process and of Neo4j. */
  const measured = async (run: () => Promise<unknown>) => {
    latencies.length = 0;
    const cpu = cpuNow();
    const started = performance.now();
    await run();
    const seconds = (performance.now() - started) / 1000;
    const after = cpuNow();
    const perTurn = (s: number) => ((s * 1000) / TURNS).toFixed(2);
    return `${(TURNS / seconds).toFixed(1)} turns/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms; CPU per turn: gateway process ${perTurn(after.gateway - cpu.gateway)} ms, Neo4j ${perTurn(after.neo4j - cpu.neo4j)} ms`;
  };
  await gw.request(START, { sessionId: "bench-play" }, AGENT);
  await play("bench-play", 1, 20); // warm-up: plans, JIT, page cache
  const sequential = await measured(() => play("bench-play", 21, TURNS));
  for (let c = 0; c < 4; c++) await gw.request(START, { sessionId: `bench-play-${c}` }, AGENT);
  const parallel = await measured(() => Promise.all([0, 1, 2, 3].map((c) => play(`bench-play-${c}`, 1, TURNS / 4))));
  lines.push(
    `recordTurn, ${(SCREENSHOT_BYTES / 1024).toFixed(0)} KB screenshot each (${shots[0]!.length.toLocaleString("en")} base64 characters), ${TURNS} turns over GraphQL, SCREENSHOT_STORE=${process.env.SCREENSHOT_STORE ?? "default"}:`,
    `- one agent, turn after turn: ${sequential}`,
    `- four agents at once: ${parallel}`,
    `- on disk after ${2 * TURNS + 20} turns: Neo4j store ${mb(diskBytes("data", "databases"))}, transaction logs ${mb(diskBytes("data", "transactions"))}, screenshot files ${mb(diskBytes("screenshots"))}`,
    "",
  );
  process.stdout.write(`${lines.join("\n")}\n`);
  if (!values["record-only"]) await fillAndQuery();
} finally {
  await gw.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** 2 and 3: fill the store with turns and read the last turns of random sessions. */
async function fillAndQuery() {
  // Imported here: a build without the blob store still runs the recordTurn part (an alternated before/after).
  const { diskBlobStore } = await import("../src/blobs/diskBlobStore.js");
  // 2. Fill the store: SESSIONS sessions × PER_SESSION turns, recordTurn's node shape.
  const deps: GameDeps = {
    driver,
    database: "neo4j",
    config: loadConfig({}).game,
    extractors: KEYWORD_EXTRACTORS,
    logger: createLogger({ logLevel: "silent" }),
    now: () => new Date(),
    screenshots: { mode: "graph", blobs: diskBlobStore(path.join(dataDir, "screenshots")) },
  };
  const caller = { tenantId: "local", agentId: AGENT, roles: ["agent", "approver", "admin"] as const };
  const started = performance.now();
  const sessionIds = Array.from({ length: SESSIONS }, (_, i) => `bench-s${i}`);
  for (let i = 0; i < sessionIds.length; i += 8) {
    await Promise.all(
      sessionIds.slice(i, i + 8).map((sessionId) =>
        startSession(deps, caller, { agentId: AGENT, sessionId, goal: "benchmark", maxTurns: 1_000_000, game: null, visibility: "PRIVATE", sharedWith: [] }),
      ),
    );
  }
  const BATCH = 5000;
  const rows: Record<string, unknown>[] = [];
  const flush = async () => {
    await driver.executeQuery(
      `UNWIND $rows AS row
       MATCH (s:GameSession {tenantId: 'local', id: row.sessionId})
       CREATE (t:Turn)
       SET t = row, t.tenantId = s.tenantId, t.ownerId = s.ownerId, t.visibility = s.visibility, t.sharedWith = s.sharedWith,
           t.timestamp = datetime(), t.createdAt = datetime()
       CREATE (s)-[:HAS_TURN]->(t)
       SET s.turnsCompleted = s.turnsCompleted + 1`,
      { rows: rows.splice(0) },
    );
  };
  for (let n = 1; n <= PER_SESSION; n++) {
    for (const sessionId of sessionIds) {
      rows.push(turnProperties(parseTurnInput(sessionId, turnInput(n), { screenshotMaxBytes: deps.config.screenshotMaxBytes, extractors: KEYWORD_EXTRACTORS }).turn));
      if (rows.length >= BATCH) await flush();
    }
  }
  if (rows.length > 0) await flush();
  await driver.executeQuery("CALL db.awaitIndexes(600)");
  const { records } = await driver.executeQuery("MATCH (t:Turn) RETURN count(t) AS turns");
  const storedTurns = neo4j.integer.toNumber(records[0]!.get("turns"));
  const fillSeconds = (performance.now() - started) / 1000;

  // 3. recentTurns latency on random sessions.
  const recent = async () => {
    const sessionId = sessionIds[Math.floor(random() * sessionIds.length)]!;
    const t = performance.now();
    await gw.request(RECENT, { sessionId }, AGENT);
    return performance.now() - t;
  };
  for (let q = 0; q < 100; q++) await recent();
  const times: number[] = [];
  for (let q = 0; q < QUERIES; q++) times.push(await recent());
  const plan = await driver.executeQuery(
    `EXPLAIN MATCH (t:Turn) WHERE t.tenantId = 'local' AND t.sessionId = 'bench-s1' AND t.number >= 0 RETURN t ORDER BY t.number DESC LIMIT 4`,
  );
  const operators: string[] = [];
  const walk = (p: { operatorType: string; children: unknown[] } | null | undefined) => {
    if (!p) return;
    operators.push(p.operatorType.replace(/@.*$/, ""));
    for (const c of p.children) walk(c as never);
  };
  walk(plan.summary.plan as never);
  lines.push(
    `Store: ${storedTurns.toLocaleString("en")} turns over ${SESSIONS.toLocaleString("en")} sessions (filled in ${fillSeconds.toFixed(1)} s).`,
    `recentTurns(last: 4) over GraphQL, ${QUERIES} queries on random sessions: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`,
    `Plan of the turn read: ${operators.join(" ← ")}`,
  );
  process.stdout.write(`\n${lines.join("\n")}\n`);
}
