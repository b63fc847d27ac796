import { describe, expect, it } from "vitest";
import { inputRefusal } from "../../../src/core/cypherFieldHook.js";
import { transitionRefusal } from "../../../src/workflow/transitionRefusal.js";

/** An error as the driver reports a failed apoc.util.validate. */
const validateFailed = (text: string) => new Error(`Failed to invoke procedure \`apoc.util.validate\`: Caused by: java.lang.RuntimeException: ${text}`);
const args = { id: "wi-1", transition: "APPROVE" as const, notes: null, conditions: [] };

describe("transitionRefusal: the statement's refusal as the error clients have always seen", () => {
  it("CONFLICT names the current status and what it allows", () => {
    const err = transitionRefusal(validateFailed('WORKFLOW_TRANSITION_REFUSED {"kind":"illegal","current":"APPROVED","requires":"PENDING_APPROVAL","allowed":["START_IMPLEMENTATION"]}'), args);
    expect(err?.extensions).toMatchObject({ code: "CONFLICT", currentStatus: "APPROVED", allowedTransitions: ["START_IMPLEMENTATION"] });
    expect(err?.message).toBe("Cannot APPROVE workflow improvement wi-1: it is APPROVED, and APPROVE needs PENDING_APPROVAL (allowed from APPROVED: START_IMPLEMENTATION)");
  });

  it("a final status says so; FORBIDDEN, NOT_FOUND and a reviewer without an Agent node keep their codes", () => {
    const final = transitionRefusal(validateFailed('WORKFLOW_TRANSITION_REFUSED {"kind":"illegal","current":"REJECTED","requires":"PENDING_APPROVAL","allowed":[]}'), args);
    expect(final?.message).toContain("(REJECTED is final)");
    const forbidden = transitionRefusal(validateFailed('WORKFLOW_TRANSITION_REFUSED {"kind":"forbidden","reason":"APPROVE may be made by only an agent with the approver role"}'), args);
    expect(forbidden?.extensions?.code).toBe("FORBIDDEN");
    expect(forbidden?.message).toBe("APPROVE may be made by only an agent with the approver role: you cannot APPROVE workflow improvement wi-1");
    expect(transitionRefusal(validateFailed('WORKFLOW_TRANSITION_REFUSED {"kind":"notFound"}'), args)?.extensions?.code).toBe("NOT_FOUND");
    expect(transitionRefusal(validateFailed('WORKFLOW_TRANSITION_REFUSED {"kind":"noReviewer","reviewer":"kublai"}'), args)?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "transitionWorkflowImprovement" });
  });

  it("any other error is none of its refusals (it goes on as it was)", () => {
    expect(transitionRefusal(new Error("Neo.TransientError.Transaction.DeadlockDetected"), args)).toBeNull();
    expect(transitionRefusal(validateFailed('MNEMOGRAPH_BAD_INPUT {"field":"x","message":"y"}'), args)).toBeNull();
    expect(transitionRefusal("not an error", args)).toBeNull();
  });

  it("a description of the wrong shape is a programming error, not a client's", () => {
    expect(() => transitionRefusal(validateFailed('WORKFLOW_TRANSITION_REFUSED {"kind":"illegal","current":"NOWHERE"}'), args)).toThrow();
  });
});

describe("inputRefusal: a statement's BAD_INPUT refusal", () => {
  it("is BAD_USER_INPUT with the statement's field and message, quotes in the input included", () => {
    const err = inputRefusal(validateFailed('MNEMOGRAPH_BAD_INPUT {"field":"recentMessages.channelId","message":"recentMessages.channelId: no channel \\"a\\"b} in this tenant"}'));
    expect(err?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "recentMessages.channelId" });
    expect(err?.message).toBe('recentMessages.channelId: no channel "a"b} in this tenant');
  });

  it("any other error is none", () => {
    expect(inputRefusal(new Error("Neo.ClientError.Statement.SyntaxError"))).toBeNull();
    expect(inputRefusal(undefined)).toBeNull();
  });
});
