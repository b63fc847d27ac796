import { cypherInt, toNumber } from "../graph/readQuery.js";
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

const iso = (millis: unknown) => new Date(toNumber(millis) ?? 0).toISOString();

/** A row of TURN_PROJECTION as a GameTurn. */
export function toGameTurn(row: Record<string, unknown>): GameTurn {
  const shot = row.screenshot as Record<string, unknown> | null;
  const recentJson = row.memoryRecentTurnsJson as string | null;
  return {
    id: row.id as string,
    sessionId: row.sessionId as string,
    number: toNumber(row.number) ?? 0,
    timestamp: iso(row.timestamp),
    analysis: row.analysis as string,
    buttonPresses: (row.buttonPresses as GameButton[] | null) ?? [],
    success: row.success as boolean,
    location: row.location as string,
    screenshotPath: (row.screenshotPath as string | null) ?? null,
    terrain: (row.terrain as string | null) ?? null,
    obstacles: (row.obstacles as string[] | null) ?? [],
    inBattle: Boolean(row.inBattle),
    visual: {
      description: (row.visualDescription as string | null) ?? null,
      terrain: (row.terrain as string | null) ?? null,
      validMovements: (row.validMovements as GameButton[] | null) ?? [],
      obstacles: (row.obstacles as string[] | null) ?? [],
    },
    battle: { inBattle: Boolean(row.inBattle), battleType: (row.battleType as BattleType | null) ?? null, battlePhase: (row.battlePhase as string | null) ?? null },
    memoryContext:
      recentJson === null || recentJson === undefined
        ? null
        : { recentTurns: JSON.parse(recentJson), turnCount: toNumber(row.memoryTurnCount) ?? 0, patterns: (row.memoryPatterns as never) ?? [] },
    screenshot: shot
      ? { id: shot.id as string, mimeType: shot.mimeType as string, sizeBytes: toNumber(shot.sizeBytes) ?? 0, sha256: shot.sha256 as string }
      : null,
    createdAt: iso(row.createdAt),
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
