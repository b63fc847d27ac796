import { describe, expect, it } from "vitest";
import { parseTransitionArgs } from "../../../src/workflow/transitionArgs.js";

const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { extensions?: { code?: string; field?: string } }).extensions;
  }
  throw new Error("expected BAD_USER_INPUT");
};

describe("parseTransitionArgs", () => {
  it("takes notes and conditions for a review, trimmed", () => {
    expect(parseTransitionArgs({ id: "wi-1", transition: "APPROVE", notes: "  fine ", conditions: [" pilot first "] })).toEqual({
      id: "wi-1",
      transition: "APPROVE",
      notes: "fine",
      conditions: ["pilot first"],
    });
  });

  it("defaults notes to null and conditions to []", () => {
    expect(parseTransitionArgs({ id: "wi-1", transition: "SUBMIT" })).toEqual({ id: "wi-1", transition: "SUBMIT", notes: null, conditions: [] });
  });

  it("refuses conditions on a transition that is not a review, rather than dropping them", () => {
    for (const transition of ["SUBMIT", "REVISE", "START_IMPLEMENTATION", "START_MEASURING", "COMPLETE"]) {
      expect(fieldOf(() => parseTransitionArgs({ id: "wi-1", transition, conditions: ["x"] }))).toEqual({
        code: "BAD_USER_INPUT",
        field: "transitionWorkflowImprovement.conditions",
      });
    }
  });

  it("holds the Review relationship's limits: notes ≤ 5000, ≤ 50 conditions of ≤ 2000 characters, no blank ones", () => {
    const base = { id: "wi-1", transition: "APPROVE" };
    expect(fieldOf(() => parseTransitionArgs({ ...base, notes: "x".repeat(5001) }))?.field).toBe("transitionWorkflowImprovement.notes");
    expect(fieldOf(() => parseTransitionArgs({ ...base, conditions: Array(51).fill("c") }))?.field).toBe("transitionWorkflowImprovement.conditions");
    expect(fieldOf(() => parseTransitionArgs({ ...base, conditions: ["x".repeat(2001)] }))?.field).toBe("transitionWorkflowImprovement.conditions[0]");
    expect(fieldOf(() => parseTransitionArgs({ ...base, conditions: ["  "] }))?.field).toBe("transitionWorkflowImprovement.conditions[0]");
  });

  it("refuses an empty id and an unknown transition", () => {
    expect(fieldOf(() => parseTransitionArgs({ id: " ", transition: "SUBMIT" }))?.field).toBe("transitionWorkflowImprovement.id");
    expect(fieldOf(() => parseTransitionArgs({ id: "wi-1", transition: "FORCE_APPROVE" }))?.field).toBe("transitionWorkflowImprovement.transition");
  });
});
