import { describe, expect, it } from "vitest";
import {
  alternating,
  detectTurnPatterns,
  hittingObstacles,
  oscillating,
  repeatedFailure,
  stuck,
  walksInLoop,
} from "../../../src/game/turnPatterns.js";
import { move, press } from "./turnFixtures.js";

describe("hittingObstacles", () => {
  it("fires on two blocked moves in the window, in any direction", () => {
    expect(hittingObstacles([move("UP", false), move("LEFT"), move("RIGHT", false)])).toBe(true);
  });
  it("does not fire on one blocked move, nor on failed non-movements", () => {
    expect(hittingObstacles([move("UP"), move("RIGHT", false), move("DOWN"), move("LEFT")])).toBe(false);
    expect(hittingObstacles([press(["A"], false), press(["A"], false)])).toBe(false);
  });
});

describe("repeatedFailure", () => {
  it("fires when the same action fails on consecutive turns", () => {
    expect(repeatedFailure([move("UP"), press(["A"], false), press(["A"], false)])).toBe(true);
  });
  it("does not fire on different failed actions, nor on the same failure apart", () => {
    expect(repeatedFailure([move("UP", false), move("LEFT", false)])).toBe(false);
    expect(repeatedFailure([move("UP", false), move("LEFT"), move("UP", false)])).toBe(false);
  });
});

describe("stuck", () => {
  it("fires when the last three turns all failed", () => {
    expect(stuck([move("UP"), move("UP", false), press(["A"], false), move("LEFT", false)])).toBe(true);
  });
  it("needs three turns, and a success among the last three ends it", () => {
    expect(stuck([move("UP", false), move("UP", false)])).toBe(false);
    expect(stuck([move("UP", false), move("DOWN"), move("LEFT", false)])).toBe(false);
  });
});

describe("oscillating", () => {
  it("fires on A, B, A, B at the end of the window", () => {
    expect(alternating([move("UP"), move("DOWN"), move("UP"), move("DOWN")])).toBe(true);
    expect(alternating([press(["START"]), press(["A"]), press(["B"]), press(["A"]), press(["B"])])).toBe(true);
  });
  it("does not fire on three alternations, nor on a run of one action", () => {
    expect(alternating([move("UP"), move("DOWN"), move("UP")])).toBe(false);
    expect(alternating([move("UP"), move("UP"), move("UP"), move("UP")])).toBe(false);
    expect(alternating([move("UP"), move("DOWN"), move("UP"), move("LEFT")])).toBe(false);
  });
  it("fires on a walk that comes back to its square after four moves or more (a loop)", () => {
    expect(walksInLoop([move("UP"), move("RIGHT"), move("DOWN"), move("LEFT")])).toBe(true);
    expect(oscillating([move("UP"), move("RIGHT"), move("DOWN"), move("LEFT")])).toBe(true);
  });
  it("counts only moves that happened: blocked moves do not close a loop", () => {
    expect(walksInLoop([move("UP"), move("RIGHT"), move("DOWN"), move("LEFT", false)])).toBe(false);
    expect(walksInLoop([move("UP"), move("UP"), move("RIGHT"), move("RIGHT")])).toBe(false);
  });
});

describe("detectTurnPatterns", () => {
  it("names every pattern the window shows, in the enum's order", () => {
    const window = [move("LEFT", false, "tree"), move("LEFT", false, "tree"), move("LEFT", false, "tree")];
    expect(detectTurnPatterns(window)).toEqual(["HITTING_OBSTACLES", "REPEATED_FAILURE", "STUCK"]);
  });
  it("names nothing for steady progress, and nothing for no turns", () => {
    expect(detectTurnPatterns([move("UP"), move("UP"), move("RIGHT"), move("UP")])).toEqual([]);
    expect(detectTurnPatterns([])).toEqual([]);
  });
});
