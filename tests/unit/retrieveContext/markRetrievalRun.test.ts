import { describe, expect, it } from "vitest";
import { MAX_FEEDBACK_NOTE, parseRunFeedback } from "../../../src/retrieveContext/markRetrievalRun.js";

const fieldOf = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return (err as { extensions: { code: string; field?: string } }).extensions;
  }
  return null;
};

describe("parseRunFeedback: markRetrievalRun's arguments", () => {
  it("accepts a run id, a verdict and an optional note (trimmed)", () => {
    expect(parseRunFeedback({ runId: " r1 ", helpful: false, note: " missed Dana " })).toEqual({ runId: "r1", helpful: false, note: "missed Dana" });
    expect(parseRunFeedback({ runId: "r1", helpful: true })).toEqual({ runId: "r1", helpful: true, note: null });
  });

  it("refuses an empty run id, a verdict that is not a boolean and a note over the limit, naming the argument", () => {
    expect(fieldOf(() => parseRunFeedback({ runId: "", helpful: true }))).toEqual({ code: "BAD_USER_INPUT", field: "markRetrievalRun.runId" });
    expect(fieldOf(() => parseRunFeedback({ runId: "r1", helpful: "yes" }))).toEqual({ code: "BAD_USER_INPUT", field: "markRetrievalRun.helpful" });
    expect(fieldOf(() => parseRunFeedback({ runId: "r1", helpful: true, note: "x".repeat(MAX_FEEDBACK_NOTE + 1) }))).toEqual({ code: "BAD_USER_INPUT", field: "markRetrievalRun.note" });
  });
});
