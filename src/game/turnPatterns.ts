import { actionOf, isMovement, type TurnFacts } from "./compactTurn.js";
import type { TURN_PATTERNS } from "./gameEnums.js";

/**
 * Patterns in a window of turns (oldest first) that the strategy model should
 * hear about. Each detector is a pure function of the window; the names are
 * those of the TurnPattern enum in schema/game.graphql.
 */
export type TurnPattern = (typeof TURN_PATTERNS)[number];

const failedMove = (t: TurnFacts) => isMovement(t) && !t.success;

/** At least two blocked movements in the window. */
export function hittingObstacles(turns: readonly TurnFacts[]): boolean {
  return turns.filter(failedMove).length >= 2;
}

/** The same action failed on two consecutive turns (or more). */
export function repeatedFailure(turns: readonly TurnFacts[]): boolean {
  return turns.some((t, i) => i > 0 && !t.success && !turns[i - 1]!.success && actionOf(t) === actionOf(turns[i - 1]!));
}

/** The last three turns (or more) all failed. */
export function stuck(turns: readonly TurnFacts[]): boolean {
  return turns.length >= 3 && turns.slice(-3).every((t) => !t.success);
}

/** The window ends with at least four turns alternating between two actions: A, B, A, B. */
export function alternating(turns: readonly TurnFacts[]): boolean {
  const actions = turns.map(actionOf);
  let run = actions.length > 0 ? 1 : 0;
  for (let i = actions.length - 1; i >= 1; i--) {
    const alternates = actions[i] !== actions[i - 1] && (i + 1 >= actions.length || actions[i + 1] === actions[i - 1]);
    if (!alternates) break;
    run++;
  }
  return run >= 4;
}

const STEP: Record<string, [number, number]> = { UP: [0, 1], DOWN: [0, -1], LEFT: [-1, 0], RIGHT: [1, 0] };

/** Successful movements bring the player back to a square it left at least four moves earlier: a loop. */
export function walksInLoop(turns: readonly TurnFacts[]): boolean {
  let x = 0;
  let y = 0;
  const seen = new Map<string, number>([["0,0", 0]]);
  let moves = 0;
  for (const turn of turns) {
    if (!turn.success || !isMovement(turn)) continue;
    for (const button of turn.buttonPresses) {
      const [dx, dy] = STEP[button]!;
      x += dx;
      y += dy;
    }
    moves++;
    const key = `${x},${y}`;
    const before = seen.get(key);
    if (before !== undefined && moves - before >= 4) return true;
    seen.set(key, moves);
  }
  return false;
}

/** Going back and forth, or round in a loop. */
export function oscillating(turns: readonly TurnFacts[]): boolean {
  return alternating(turns) || walksInLoop(turns);
}

const DETECTORS: readonly [TurnPattern, (turns: readonly TurnFacts[]) => boolean][] = [
  ["HITTING_OBSTACLES", hittingObstacles],
  ["OSCILLATING", oscillating],
  ["REPEATED_FAILURE", repeatedFailure],
  ["STUCK", stuck],
];

/** Every pattern the window shows, in the enum's order. Pure. */
export function detectTurnPatterns(turns: readonly TurnFacts[]): TurnPattern[] {
  return DETECTORS.filter(([, detect]) => detect(turns)).map(([name]) => name);
}
