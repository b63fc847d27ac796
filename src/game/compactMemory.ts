import { compactTurn, type CompactTurn, type TurnFacts } from "./compactTurn.js";
import { detectTurnPatterns, type TurnPattern } from "./turnPatterns.js";

/** The game agent's compact memory of the last turns, typed, with the JSON the prompt takes. */
export interface CompactMemory {
  recentTurns: CompactTurn[];
  turnCount: number;
  patterns: TurnPattern[];
  /** `{"recent_turns":[...],"turn_count":n,"patterns":"hitting_obstacles,stuck"}`; `"none"` when no pattern shows. */
  json: string;
}

/** The compact memory of a window of turns, oldest first. Pure. */
export function compactMemory(turns: readonly TurnFacts[]): CompactMemory {
  const recentTurns = turns.map(compactTurn);
  const patterns = detectTurnPatterns(turns);
  const json = JSON.stringify({
    recent_turns: recentTurns,
    turn_count: recentTurns.length,
    patterns: patterns.length === 0 ? "none" : patterns.map((p) => p.toLowerCase()).join(","),
  });
  return { recentTurns, turnCount: recentTurns.length, patterns, json };
}
