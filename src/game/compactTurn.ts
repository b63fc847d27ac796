import { UNKNOWN_LOCATION } from "./analysisKeywords.js";

/** What the compact form and the pattern detectors need of a stored turn. */
export interface TurnFacts {
  /** The Turn node's id, when read from the graph. */
  id?: string;
  number: number;
  buttonPresses: readonly string[];
  success: boolean;
  location: string;
  terrain: string | null;
  obstacles: readonly string[];
  inBattle: boolean;
}

/** The game agent's `{turn, action, result, context}`. */
export interface CompactTurn {
  turn: number;
  action: string;
  result: string;
  context: string;
}

export const MOVEMENTS = ["UP", "DOWN", "LEFT", "RIGHT"] as const;

/** A turn whose every button is a direction: its failure means the way was blocked. */
export function isMovement(turn: Pick<TurnFacts, "buttonPresses">): boolean {
  return turn.buttonPresses.length > 0 && turn.buttonPresses.every((b) => (MOVEMENTS as readonly string[]).includes(b));
}

/** The buttons pressed, lower-case, joined with `+`; `none` when nothing was pressed. */
export function actionOf(turn: Pick<TurnFacts, "buttonPresses">): string {
  return turn.buttonPresses.length === 0 ? "none" : turn.buttonPresses.map((b) => b.toLowerCase()).join("+");
}

/** `moved` / `blocked` for movements, `done` / `failed` for other buttons. */
export function resultOf(turn: TurnFacts): string {
  if (isMovement(turn)) return turn.success ? "moved" : "blocked";
  return turn.success ? "done" : "failed";
}

/** The obstacle of a failed turn, else the terrain, else the location, else `battle` or `unknown`. */
export function contextOf(turn: TurnFacts): string {
  if (!turn.success && turn.obstacles.length > 0) return turn.obstacles[0]!;
  if (turn.terrain) return turn.terrain;
  if (turn.location && turn.location !== UNKNOWN_LOCATION) return turn.location;
  return turn.inBattle ? "battle" : UNKNOWN_LOCATION;
}

/** One stored turn in the game agent's compact form. Pure. */
export function compactTurn(turn: TurnFacts): CompactTurn {
  return { turn: turn.number, action: actionOf(turn), result: resultOf(turn), context: contextOf(turn) };
}
