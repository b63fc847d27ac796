import { describe, expect, it } from "vitest";
import { nextStage, type Stage } from "../../../src/retrieveContext/loopStages.js";

describe("nextStage", () => {
  it.each<[Stage, Parameters<typeof nextStage>[1], Stage]>([
    ["ANALYZE", undefined, "PLAN"],
    ["ANALYZE", { stop: "TIME_BUDGET" }, "PLAN"],
    ["PLAN", undefined, "EXECUTE"],
    ["PLAN", { stop: null }, "EXECUTE"],
    ["PLAN", { stop: "DONE" }, "SYNTHESIZE"],
    ["PLAN", { stop: "TIME_BUDGET" }, "SYNTHESIZE"],
    ["EXECUTE", undefined, "EVALUATE"],
    ["EXECUTE", { stop: "FACT_LIMIT" }, "EVALUATE"],
    ["EVALUATE", {}, "PLAN"],
    ["EVALUATE", { stop: null }, "PLAN"],
    ["EVALUATE", { stop: "STUCK" }, "SYNTHESIZE"],
    ["EVALUATE", { stop: "ITERATION_LIMIT" }, "SYNTHESIZE"],
    ["SYNTHESIZE", undefined, "END"],
    ["END", undefined, "END"],
  ])("%s with %j goes to %s", (stage, result, next) => {
    expect(nextStage(stage, result)).toBe(next);
  });

  it("walks a two-round run from ANALYZE to END through every stage in the chatbot memory service's order", () => {
    const stops: (string | null)[] = [null, null, null, "DONE"];
    const walked: Stage[] = ["ANALYZE"];
    let stage: Stage = "ANALYZE";
    let evaluations = 0;
    while (stage !== "END") {
      const stop = stage === "EVALUATE" ? stops[evaluations++] : stage === "PLAN" && evaluations === 2 ? "DONE" : null;
      stage = nextStage(stage, { stop: stop as "DONE" | null });
      walked.push(stage);
    }
    expect(walked).toEqual(["ANALYZE", "PLAN", "EXECUTE", "EVALUATE", "PLAN", "EXECUTE", "EVALUATE", "PLAN", "SYNTHESIZE", "END"]);
  });
});
