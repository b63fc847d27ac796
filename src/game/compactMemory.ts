import { compactTurn, type CompactTurn, type TurnFacts } from "./compactTurn.js";
import { detectTurnPatterns, type TurnPattern } from "./turnPatterns.js";

/** The game agent's compact memory of the last turns, typed, with the JSON the prompt takes. */
export interface CompactMemory {
  /** Each with the id of its Turn node (null when not read from the graph); the JSON leaves it out. */
  recentTurns: (CompactTurn & { turnId: string | null })[];
  turnCount: number;
  patterns: TurnPattern[];
  /** `{"recent_turns":[...],"turn_count":n,"patterns":"hitting_obstacles,stuck"}`; `"none"` when no pattern shows. */
  json: string;
}

/** The compact memory of a window of turns, oldest first. Pure. */
export function compactMemory(turns: readonly TurnFacts[]): CompactMemory {
  const compact = turns.map(compactTurn);
  const recentTurns = compact.map((c, i) => ({ ...c, turnId: turns[i]!.id ?? null }));
  const patterns = detectTurnPatterns(turns);
  const json = JSON.stringify({
    recent_turns: compact,
    turn_count: recentTurns.length,
    patterns: patterns.length === 0 ? "none" : patterns.map((p) => p.toLowerCase()).join(","),
  });
  return { recentTurns, turnCount: recentTurns.length, patterns, json };
}
