import { describe, expect, it } from "vitest";
import { compactMemory } from "../../../src/game/compactMemory.js";
import { compactTurn } from "../../../src/game/compactTurn.js";
import { composeGameContext } from "../../../src/game/gameMemoryContext.js";
import { move, press } from "./turnFixtures.js";

describe("compactTurn", () => {
  it("writes a successful move as moved on its terrain", () => {
    const turn = { ...move("UP"), number: 1 };
    expect(compactTurn(turn)).toEqual({ turn: 1, action: "up", result: "moved", context: "grass" });
  });
  it("writes a blocked move with its obstacle as context", () => {
    expect(compactTurn({ ...move("RIGHT", false, "tree"), number: 2 })).toEqual({ turn: 2, action: "right", result: "blocked", context: "tree" });
  });
  it("writes other buttons as done or failed, several joined with +, and falls back to location, battle, unknown", () => {
    expect(compactTurn({ ...press(["A", "B"]), number: 3 })).toEqual({ turn: 3, action: "a+b", result: "done", context: "unknown" });
    expect(compactTurn({ ...press(["A"], false), number: 4, location: "Pewter" }).context).toBe("Pewter");
    expect(compactTurn({ ...press(["A"]), number: 5, inBattle: true }).context).toBe("battle");
    expect(compactTurn({ ...press([]), number: 6 }).action).toBe("none");
  });
});

describe("compactMemory", () => {
  it("gives the game agent's format: recent_turns, turn_count and patterns as one string", () => {
    const turns = [move("UP"), move("RIGHT", false, "tree"), move("DOWN", false, "water"), move("LEFT")].map((t, i) => ({ ...t, number: i + 1 }));
    const memory = compactMemory(turns);
    expect(memory.turnCount).toBe(4);
    expect(memory.patterns).toEqual(["HITTING_OBSTACLES"]);
    expect(JSON.parse(memory.json)).toEqual({
      recent_turns: [
        { turn: 1, action: "up", result: "moved", context: "grass" },
        { turn: 2, action: "right", result: "blocked", context: "tree" },
        { turn: 3, action: "down", result: "blocked", context: "water" },
        { turn: 4, action: "left", result: "moved", context: "grass" },
      ],
      turn_count: 4,
      patterns: "hitting_obstacles",
    });
  });
  it("says none when no pattern shows, and is empty for a session without turns", () => {
    expect(JSON.parse(compactMemory([]).json)).toEqual({ recent_turns: [], turn_count: 0, patterns: "none" });
  });
});

describe("composeGameContext", () => {
  it("puts the general block first, then the game agent's RECENT MEMORY heading and the compact JSON", () => {
    expect(composeGameContext("Key Insights\n- a", { turnCount: 2, json: "{}" })).toBe("Key Insights\n- a\n\n**RECENT MEMORY** (last 2 turns):\n{}");
  });
  it("gives the recent turns alone when there is no general block", () => {
    expect(composeGameContext(null, { turnCount: 0, json: "{}" })).toBe("**RECENT MEMORY** (last 0 turns):\n{}");
  });
});
