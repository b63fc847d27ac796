/**
 * `npm run bench:turns -- [--turns 500] [--sessions 1000] [--per-session 100] [--queries 1000]`
 *
 * 1. recordTurn throughput over GraphQL (HTTP round trip, validation, one
 *    transaction per turn) with a 200 KB screenshot on every turn: one agent
 *    playing turn after turn, as the game agent's loop does, then four at once.
 * 2. Fills the store to `sessions × per-session` turns (default 100,000 over
 *    1,000 sessions). Sessions are started with startSession; turn rows are
 *    built by the same pure functions recordTurn uses (parseTurnInput,
 *    turnProperties) and written in bulk UNWIND batches, without screenshots,
 *    so that filling takes seconds rather than the hour 100k single
 *    transactions would. The node shape and indexes are recordTurn's own.
 * 3. recentTurns(last: 4) latency over GraphQL on random sessions of that store.
 */
import os from "node:os";
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

const { values } = parseArgs({
  options: {
    turns: { type: "string", default: "500" },
    sessions: { type: "string", default: "1000" },
    "per-session": { type: "string", default: "100" },
    queries: { type: "string", default: "1000" },
  },
});
const TURNS = Number(values.turns);
const SESSIONS = Number(values.sessions);
const PER_SESSION = Number(values["per-session"]);
const QUERIES = Number(values.queries);
const AGENT = "bench-turns";
const SCREENSHOT_BYTES = 200 * 1024;
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

const gw = await startBenchGateway();
const driver = gw.app.driver;
const lines: string[] = [];
try {
  const shots = Array.from({ length: 8 }, screenshot);
  lines.push(
    `bench:turns — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`,
    "",
  );

  // 1. recordTurn throughput with a 200 KB screenshot per turn.
  const play = async (sessionId: string, from: number, count: number) => {
    for (let n = from; n < from + count; n++) await gw.request(RECORD, { sessionId, turn: turnInput(n, shots[n % shots.length]) }, AGENT);
  };
  await gw.request(START, { sessionId: "bench-play" }, AGENT);
  await play("bench-play", 1, 20); // warm-up: plans, JIT, page cache
  let started = performance.now();
  await play("bench-play", 21, TURNS);
  const sequential = TURNS / ((performance.now() - started) / 1000);
  for (let c = 0; c < 4; c++) await gw.request(START, { sessionId: `bench-play-${c}` }, AGENT);
  started = performance.now();
  await Promise.all([0, 1, 2, 3].map((c) => play(`bench-play-${c}`, 1, TURNS / 4)));
  const parallel = TURNS / ((performance.now() - started) / 1000);
  lines.push(
    `recordTurn, ${SCREENSHOT_BYTES / 1024} KB screenshot each (${shots[0]!.length.toLocaleString("en")} base64 characters), ${TURNS} turns over GraphQL:`,
    `- one agent, turn after turn: ${sequential.toFixed(1)} turns/s (${(1000 / sequential).toFixed(1)} ms per turn)`,
    `- four agents at once: ${parallel.toFixed(1)} turns/s`,
    "",
  );
  process.stdout.write(`${lines.join("\n")}\n`);

  // 2. Fill the store: SESSIONS sessions × PER_SESSION turns, recordTurn's node shape.
  const deps: GameDeps = {
    driver,
    database: "neo4j",
    config: loadConfig({}).game,
    extractors: KEYWORD_EXTRACTORS,
    logger: createLogger({ logLevel: "silent" }),
    now: () => new Date(),
  };
  const caller = { tenantId: "local", agentId: AGENT, roles: ["agent", "approver", "admin"] as const };
  started = performance.now();
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
} finally {
  await gw.stop();
}
