import type { TurnFacts } from "../../../src/game/compactTurn.js";

let next = 1;

/** A turn's facts for pattern and compact-form tests: `move("UP")`, `move("UP", false, "tree")`. */
export function move(button: string, success = true, obstacle?: string): TurnFacts {
  return { number: next++, buttonPresses: [button], success, location: "Route", terrain: "grass", obstacles: obstacle ? [obstacle] : [], inBattle: false };
}

/** A non-movement turn (A, B, START…). */
export function press(buttons: string[], success = true): TurnFacts {
  return { number: next++, buttonPresses: buttons, success, location: "unknown", terrain: null, obstacles: [], inBattle: false };
}
