import { describe, expect, it } from "vitest";
import {
  callSignature,
  DEFAULT_STOP_CONDITIONS,
  factLimit,
  iterationLimit,
  shouldStop,
  stuck,
  timeBudget,
  type LoopProgress,
  type StopCondition,
} from "../../../src/retrieveContext/stopConditions.js";

const progress = (over: Partial<LoopProgress> = {}): LoopProgress => ({
  iteration: 1,
  maxIterations: 10,
  factCount: 0,
  maxFacts: 30,
  callSignatures: [],
  elapsedMs: 0,
  budgetMs: 1000,
  ...over,
});

describe("stop conditions at their boundaries", () => {
  it.each([
    [9, null],
    [10, "ITERATION_LIMIT"],
    [11, "ITERATION_LIMIT"],
  ])("iterationLimit at iteration %i of 10 says %s", (iteration, expected) => {
    expect(iterationLimit(progress({ iteration }))).toBe(expected);
  });

  it.each([
    [29, null],
    [30, "FACT_LIMIT"],
    [31, "FACT_LIMIT"],
  ])("factLimit with %i facts of 30 says %s", (factCount, expected) => {
    expect(factLimit(progress({ factCount }))).toBe(expected);
  });

  it.each([
    [999, null],
    [1000, "TIME_BUDGET"],
    [1001, "TIME_BUDGET"],
  ])("timeBudget after %i ms of 1000 says %s", (elapsedMs, expected) => {
    expect(timeBudget(progress({ elapsedMs }))).toBe(expected);
  });
});

describe("stuck", () => {
  const a = callSignature("find_people_by_skill", { skill: "Python" });
  const b = callSignature("find_people_by_skill", { skill: "Rust" });

  it("holds on the third identical call, not on the second", () => {
    expect(stuck(progress({ callSignatures: [a, a] }))).toBeNull();
    expect(stuck(progress({ callSignatures: [a, a, a] }))).toBe("STUCK");
  });

  it("counts identical calls wherever they sit among others", () => {
    expect(stuck(progress({ callSignatures: [a, b, a, b] }))).toBeNull();
    expect(stuck(progress({ callSignatures: [a, b, b, a, b] }))).toBe("STUCK");
  });

  it("does not hold without calls", () => {
    expect(stuck(progress())).toBeNull();
  });

  it("treats the same arguments in another key order as the same call", () => {
    const one = callSignature("get_relationships_between", { person_a_id: "p1", person_b_id: "p2" });
    const other = callSignature("get_relationships_between", { person_b_id: "p2", person_a_id: "p1" });
    expect(one).toBe(other);
    expect(stuck(progress({ callSignatures: [one, other, one] }))).toBe("STUCK");
  });
});

describe("callSignature", () => {
  it("tells calls apart by tool, argument value and argument name", () => {
    const base = callSignature("find_people_by_topic", { topic: "jazz" });
    expect(callSignature("find_people_by_skill", { topic: "jazz" })).not.toBe(base);
    expect(callSignature("find_people_by_topic", { topic: "Jazz" })).not.toBe(base);
    expect(callSignature("find_people_by_topic", { subject: "jazz" })).not.toBe(base);
    expect(callSignature("find_people_by_topic", { topic: "jazz", limit: 5 })).not.toBe(base);
  });

  it("names the tool, so a trace reader can see which call repeated", () => {
    expect(callSignature("get_conversation_participants", {})).toBe("get_conversation_participants([])");
  });
});

describe("shouldStop", () => {
  it("returns null while no condition holds", () => {
    expect(shouldStop(progress())).toBeNull();
  });

  it("checks time, then facts, then stuck, then iterations", () => {
    const a = callSignature("t", {});
    const all = progress({ elapsedMs: 1000, factCount: 30, callSignatures: [a, a, a], iteration: 10 });
    expect(shouldStop(all)).toBe("TIME_BUDGET");
    expect(shouldStop({ ...all, elapsedMs: 0 })).toBe("FACT_LIMIT");
    expect(shouldStop({ ...all, elapsedMs: 0, factCount: 0 })).toBe("STUCK");
    expect(shouldStop({ ...all, elapsedMs: 0, factCount: 0, callSignatures: [] })).toBe("ITERATION_LIMIT");
    expect(DEFAULT_STOP_CONDITIONS).toEqual([timeBudget, factLimit, stuck, iterationLimit]);
  });

  it("uses the conditions given, first holding one wins, and none given means never stop", () => {
    const done: StopCondition = () => "DONE";
    const p = progress({ iteration: 10 });
    expect(shouldStop(p, [done, iterationLimit])).toBe("DONE");
    expect(shouldStop(p, [iterationLimit, done])).toBe("ITERATION_LIMIT");
    expect(shouldStop(p, [])).toBeNull();
  });
});
