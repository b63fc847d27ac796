import type { Driver } from "neo4j-driver";

/** A real 1x1 PNG (70 bytes). */
export const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** A JPEG-headed image of `bytes` bytes, as base64 (validation reads magic bytes, not pixels). */
export const jpegOf = (bytes: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(bytes - 4, 0x42)]).toString("base64");

const SESSION_FIELDS = "id agentId game goal maxTurns status closeReason turnsCompleted startedAt endedAt leaseExpiresAt visibility";
const TURN_FIELDS = `id sessionId number timestamp analysis buttonPresses success location screenshotPath
  visual { description terrain validMovements obstacles } battle { inBattle battleType battlePhase }
  memoryContext { recentTurns { turn action result context } turnCount patterns } screenshot { id mimeType sizeBytes sha256 }`;

export const START = `mutation ($sessionId: ID, $goal: String!, $maxTurns: Int!, $game: String) {
  startSession(sessionId: $sessionId, goal: $goal, maxTurns: $maxTurns, game: $game) { ${SESSION_FIELDS} } }`;
export const END = `mutation ($sessionId: ID!) { endSession(sessionId: $sessionId) { ${SESSION_FIELDS} } }`;
export const HEARTBEAT = `mutation ($sessionId: ID!) { heartbeatSession(sessionId: $sessionId) { ${SESSION_FIELDS} } }`;
export const RECORD = `mutation ($sessionId: ID!, $turn: TurnInput!) { recordTurn(sessionId: $sessionId, turn: $turn) {
  created turn { ${TURN_FIELDS} } session { ${SESSION_FIELDS} } } }`;
export const RECENT = `query ($sessionId: ID!, $last: Int) { recentTurns(sessionId: $sessionId, last: $last) {
  sessionId recentTurns { turn action result context } turnCount patterns sessionTurns sessionStatus json } }`;
export const GAME_TURNS = `query ($sessionId: ID!, $last: Int) { gameTurns(sessionId: $sessionId, last: $last) { ${TURN_FIELDS} } }`;
export const GAME_CONTEXT = `query ($sessionId: ID!, $last: Int, $topic: String) { gameMemoryContext(sessionId: $sessionId, last: $last, topic: $topic, general: MEMORY_BLOCK) {
  text recent { turnCount json patterns } general { text lines { memoryId } } } }`;

/** What Neo4j holds for a session: the session node, its turns (oldest first) and their screenshots. */
export async function storedSession(driver: Driver, sessionId: string) {
  const { records } = await driver.executeQuery(
    `MATCH (s:GameSession {id: $sessionId})
     RETURN s { .*, startedAt: toString(s.startedAt), endedAt: toString(s.endedAt), leaseExpiresAt: toString(s.leaseExpiresAt),
                turnsCompleted: toFloat(s.turnsCompleted), maxTurns: toFloat(s.maxTurns) } AS session,
       COLLECT { MATCH (s)-[:HAS_TURN]->(t:Turn) WITH t ORDER BY t.number
                 RETURN t { .*, number: toFloat(t.number), memoryTurnCount: toFloat(t.memoryTurnCount), timestamp: toString(t.timestamp), createdAt: toString(t.createdAt),
                            screenshots: COLLECT { MATCH (t)-[:HAS_SCREENSHOT]->(sc:Screenshot) RETURN sc { .*, sizeBytes: toFloat(sc.sizeBytes), createdAt: null } } } } AS turns,
       toFloat(COUNT { MATCH (t:Turn) WHERE t.sessionId = $sessionId }) AS allTurns`,
    { sessionId },
  );
  const record = records[0];
  if (!record) return null;
  return {
    session: record.get("session") as Record<string, any>,
    turns: record.get("turns") as Record<string, any>[],
    allTurns: Number(record.get("allTurns")),
  };
}

/** Polls `check` until it is true or `ms` pass: waiting for a condition, never for a time. */
export async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
