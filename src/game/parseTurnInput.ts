import { createHash } from "node:crypto";
import { BadUserInputError } from "../errors/errors.js";
import { instant } from "../core/args.js";
import type { TurnExtractors } from "./analysisKeywords.js";
import type { CompactTurn } from "./compactTurn.js";
import { validateScreenshot, type ValidScreenshot } from "./screenshot.js";
import type { TurnPattern } from "./turnPatterns.js";
import type { GameButton } from "../generated/resolvers-types.js";

/** `TurnInput` as the schema delivers it (limits of its @constraint rules already checked). */
export interface TurnInput {
  number: number;
  timestamp?: unknown;
  analysis: string;
  buttonPresses: GameButton[];
  success: boolean;
  location?: string | null;
  screenshotPath?: string | null;
  screenshot?: { base64: string; mimeType?: string | null } | null;
  visual?: { description?: string | null; terrain?: string | null; validMovements?: GameButton[] | null; obstacles?: string[] | null } | null;
  battle?: { inBattle: boolean; battleType?: "WILD" | "TRAINER" | null; battlePhase?: string | null } | null;
  memoryContext?: { recentTurns: CompactTurn[]; turnCount: number; patterns?: TurnPattern[] | null } | null;
}

export interface TurnMemoryContext {
  recentTurns: CompactTurn[];
  turnCount: number;
  patterns: TurnPattern[];
}

/** A turn as it is stored: every property of the Turn node but ownership and createdAt. */
export interface TurnRecord {
  id: string;
  sessionId: string;
  number: number;
  /** ISO-8601; null: the server's time at write. */
  timestamp: string | null;
  analysis: string;
  buttonPresses: GameButton[];
  success: boolean;
  location: string;
  screenshotPath: string | null;
  visualDescription: string | null;
  terrain: string | null;
  validMovements: GameButton[];
  obstacles: string[];
  inBattle: boolean;
  battleType: "WILD" | "TRAINER" | null;
  battlePhase: string | null;
  memoryContext: TurnMemoryContext | null;
  /** SHA-256 of the input as the client sent it, normalised: a retry hashes the same, a change does not. */
  contentHash: string;
}

export interface ParsedTurn {
  turn: TurnRecord;
  screenshot: (ValidScreenshot & { id: string }) | null;
}

/** Turn ids are `{sessionId}_turn_{number}` (the game agent). */
export const turnIdOf = (sessionId: string, number: number) => `${sessionId}_turn_${number}`;
export const screenshotIdOf = (turnId: string) => `${turnId}_screenshot`;

const trimmedOrNull = (value: string | null | undefined) => (value == null || value.trim() === "" ? null : value.trim());

/**
 * Validates and normalises one turn: the screenshot (strict base64, PNG or
 * JPEG, at most `screenshotMaxBytes`), the timestamp, and the location and
 * battle context, extracted from the analysis when the client gave none. The
 * content hash covers what the client sent (never what the server filled in),
 * so a retry of the same turn hashes the same. Pure.
 */
export function parseTurnInput(
  sessionId: string,
  input: TurnInput,
  options: { screenshotMaxBytes: number; extractors: TurnExtractors },
): ParsedTurn {
  if (!Number.isInteger(input.number) || input.number < 1) {
    throw new BadUserInputError(`recordTurn.turn.number must be a positive integer, got ${input.number}`, "recordTurn.turn.number");
  }
  const timestamp = instant("recordTurn.turn.timestamp", input.timestamp == null ? null : String(input.timestamp));
  const shot = input.screenshot ? validateScreenshot(input.screenshot, options.screenshotMaxBytes) : null;
  const given = {
    number: input.number,
    timestamp,
    analysis: input.analysis,
    buttonPresses: input.buttonPresses,
    success: input.success,
    location: trimmedOrNull(input.location),
    screenshotPath: trimmedOrNull(input.screenshotPath),
    screenshot: shot ? shot.sha256 : null,
    visual: {
      description: trimmedOrNull(input.visual?.description),
      terrain: trimmedOrNull(input.visual?.terrain),
      validMovements: input.visual?.validMovements ?? [],
      obstacles: (input.visual?.obstacles ?? []).map((o) => o.trim()).filter((o) => o !== ""),
    },
    battle: input.battle ? { inBattle: input.battle.inBattle, battleType: input.battle.battleType ?? null, battlePhase: trimmedOrNull(input.battle.battlePhase) } : null,
    memoryContext: input.memoryContext
      ? {
          recentTurns: input.memoryContext.recentTurns.map((t) => ({ turn: t.turn, action: t.action, result: t.result, context: t.context })),
          turnCount: input.memoryContext.turnCount,
          patterns: input.memoryContext.patterns ?? [],
        }
      : null,
  };
  const contentHash = createHash("sha256").update(JSON.stringify(given)).digest("hex");
  const battle = given.battle ?? options.extractors.battle(input.analysis);
  const id = turnIdOf(sessionId, input.number);
  return {
    turn: {
      id,
      sessionId,
      number: input.number,
      timestamp,
      analysis: input.analysis,
      buttonPresses: given.buttonPresses,
      success: given.success,
      location: given.location ?? options.extractors.location(input.analysis),
      screenshotPath: given.screenshotPath,
      visualDescription: given.visual.description,
      terrain: given.visual.terrain,
      validMovements: given.visual.validMovements,
      obstacles: given.visual.obstacles,
      inBattle: battle.inBattle,
      battleType: battle.battleType,
      battlePhase: battle.battlePhase,
      memoryContext: given.memoryContext,
      contentHash,
    },
    screenshot: shot ? { ...shot, id: screenshotIdOf(id) } : null,
  };
}
