import { describe, expect, it } from "vitest";
import { RECORDED_RESULT_CHARS, recordedResult, recordedSteps } from "../../../src/retrieveContext/recordedSteps.js";
import type { CallOutcome } from "../../../src/retrieveContext/planners/planner.js";

const EMPTY = { facts: [], profiles: [], snippets: [] };
const outcome = (over: Partial<CallOutcome>): CallOutcome => ({
  call: { id: "c1", tool: "find_people_by_skill", args: { skill: "Python" } },
  ok: true,
  error: null,
  result: { skill: "Python", people: [{ id: "alice" }] },
  findings: EMPTY,
  elapsedMs: 1.234,
  cached: false,
  ...over,
});

describe("recordedResult / recordedSteps: what each tool call returned, as the run log keeps it", () => {
  it("keeps a small result whole, as JSON text, with its length", () => {
    expect(recordedResult(outcome({}))).toEqual({ result: '{"skill":"Python","people":[{"id":"alice"}]}', resultChars: 44 });
  });

  it(`cuts a long result at ${RECORDED_RESULT_CHARS} characters and keeps its full length`, () => {
    const big = { text: "x".repeat(10_000) };
    const r = recordedResult(outcome({ result: big }));
    expect(r.result).toHaveLength(RECORDED_RESULT_CHARS);
    expect(r.resultChars).toBe(JSON.stringify(big).length);
  });

  it("a failed call returned nothing; an undefined result is null", () => {
    expect(recordedResult(outcome({ ok: false, error: "boom", result: null }))).toEqual({ result: null, resultChars: 0 });
    expect(recordedResult(outcome({ result: undefined }))).toEqual({ result: "null", resultChars: 4 });
  });

  it("every call of every step gets its result beside the trace's fields", () => {
    const steps = recordedSteps([
      { stage: "ANALYZE", iteration: 0, detail: "linked", elapsedMs: 1, calls: [] },
      { stage: "EXECUTE", iteration: 1, detail: "2 calls", elapsedMs: 3, calls: [outcome({}), outcome({ ok: false, error: "boom", result: null })] },
    ]);
    expect(steps[0]!.toolCalls).toEqual([]);
    expect(steps[1]!.toolCalls).toEqual([
      expect.objectContaining({ tool: "find_people_by_skill", arguments: { skill: "Python" }, ok: true, result: '{"skill":"Python","people":[{"id":"alice"}]}', resultChars: 44 }),
      expect.objectContaining({ ok: false, error: "boom", result: null, resultChars: 0 }),
    ]);
  });
});
