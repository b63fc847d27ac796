import { cypherInt } from "../graph/readQuery.js";
import type { Row } from "../graph/statement.js";
import { BATTLE_TYPES, GAME_BUTTONS, TURN_PATTERNS } from "./gameEnums.js";
import type { TurnFacts } from "./compactTurn.js";
import type { TurnMemoryContext, TurnRecord } from "./parseTurnInput.js";
import type { BattleType, GameButton } from "../generated/resolvers-types.js";

/** Screenshot metadata of a turn; `base64` is resolved from its own node only when selected. */
export interface TurnScreenshotRef {
  id: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
}

/** `GameTurn` as the API returns it. */
export interface GameTurn extends Omit<TurnFacts, "buttonPresses" | "obstacles"> {
  buttonPresses: GameButton[];
  obstacles: string[];
  id: string;
  sessionId: string;
  timestamp: string;
  analysis: string;
  screenshotPath: string | null;
  visual: { description: string | null; terrain: string | null; validMovements: GameButton[]; obstacles: string[] };
  battle: { inBattle: boolean; battleType: BattleType | null; battlePhase: string | null };
  memoryContext: TurnMemoryContext | null;
  screenshot: TurnScreenshotRef | null;
  createdAt: string;
}

/** Map projection of a Turn `t` that `toGameTurn` reads: never the screenshot's bytes. */
export const TURN_PROJECTION = (t: string) => `${t} { .id, .sessionId, .number, .analysis, .buttonPresses, .success, .location, .screenshotPath,
  .visualDescription, .terrain, .validMovements, .obstacles, .inBattle, .battleType, .battlePhase, .memoryTurnCount, .memoryPatterns,
  .memoryRecentTurnsJson, timestamp: ${t}.timestamp.epochMillis, createdAt: ${t}.createdAt.epochMillis,
  screenshot: head([(${t})-[:HAS_SCREENSHOT]->(sc:Screenshot) | sc { .id, .mimeType, .sizeBytes, .sha256 }]) }`;

/** Node properties of a TurnRecord (Neo4j stores no nested maps: the compact turns of the memory context travel as JSON). */
export function turnProperties(turn: TurnRecord) {
  // The timestamp is written as a DateTime by the statement itself.
  const { memoryContext, timestamp, ...flat } = turn;
  void timestamp;
  return {
    ...flat,
    // JS numbers would be stored as floats; Turn.number is an Int.
    number: cypherInt(turn.number),
    memoryTurnCount: memoryContext ? cypherInt(memoryContext.turnCount) : null,
    memoryPatterns: memoryContext?.patterns ?? [],
    memoryRecentTurnsJson: memoryContext ? JSON.stringify(memoryContext.recentTurns) : null,
  };
}

const iso = (millis: number | null) => new Date(millis ?? 0).toISOString();

/** A TURN_PROJECTION map (Row.row) as a GameTurn. */
export function toGameTurn(row: Row): GameTurn {
  const shot = row.rowOrNull("screenshot");
  const recentJson = row.stringOrNull("memoryRecentTurnsJson");
  const inBattle = row.boolean("inBattle");
  return {
    id: row.string("id"),
    sessionId: row.string("sessionId"),
    number: row.numberOrNull("number") ?? 0,
    timestamp: iso(row.numberOrNull("timestamp")),
    analysis: row.string("analysis"),
    buttonPresses: row.someOf("buttonPresses", GAME_BUTTONS),
    success: row.boolean("success"),
    location: row.string("location"),
    screenshotPath: row.stringOrNull("screenshotPath"),
    terrain: row.stringOrNull("terrain"),
    obstacles: row.stringsOrEmpty("obstacles"),
    inBattle,
    visual: {
      description: row.stringOrNull("visualDescription"),
      terrain: row.stringOrNull("terrain"),
      validMovements: row.someOf("validMovements", GAME_BUTTONS),
      obstacles: row.stringsOrEmpty("obstacles"),
    },
    battle: { inBattle, battleType: row.oneOfOrNull("battleType", BATTLE_TYPES), battlePhase: row.stringOrNull("battlePhase") },
    memoryContext:
      recentJson === null
        ? null
        : { recentTurns: JSON.parse(recentJson), turnCount: row.numberOrNull("memoryTurnCount") ?? 0, patterns: row.someOf("memoryPatterns", TURN_PATTERNS) },
    screenshot: shot ? { id: shot.string("id"), mimeType: shot.string("mimeType"), sizeBytes: shot.numberOrNull("sizeBytes") ?? 0, sha256: shot.string("sha256") } : null,
    createdAt: iso(row.numberOrNull("createdAt")),
  };
}

/** The GameTurn a successful write stored, built from what was written (no read back). */
export function gameTurnOf(turn: TurnRecord, screenshot: TurnScreenshotRef | null, now: Date): GameTurn {
  return {
    id: turn.id,
    sessionId: turn.sessionId,
    number: turn.number,
    timestamp: turn.timestamp ?? now.toISOString(),
    analysis: turn.analysis,
    buttonPresses: turn.buttonPresses,
    success: turn.success,
    location: turn.location,
    screenshotPath: turn.screenshotPath,
    terrain: turn.terrain,
    obstacles: turn.obstacles,
    inBattle: turn.inBattle,
    visual: { description: turn.visualDescription, terrain: turn.terrain, validMovements: turn.validMovements, obstacles: turn.obstacles },
    battle: { inBattle: turn.inBattle, battleType: turn.battleType, battlePhase: turn.battlePhase },
    memoryContext: turn.memoryContext,
    screenshot,
    createdAt: now.toISOString(),
  };
}
