import { describe, expect, it } from "vitest";
import type { Role } from "../../../src/core/caller.js";
import {
  allowedTransitions,
  decideTransition,
  TRANSITION_NAMES,
  TRANSITIONS,
  transitionsFrom,
  WORKFLOW_STATUSES,
  type TransitionName,
  type WorkflowStatus,
} from "../../../src/workflow/workflowTransitions.js";

const OWNER = "ogedei";
const subject = (status: WorkflowStatus, coCreatedWith: string | null = "jochi") => ({ status, ownerId: OWNER, coCreatedWith });
const as = (agentId: string, ...roles: Role[]) => ({ agentId, roles: ["agent", ...roles] as Role[] });
/** Entitled to every transition of Ögedei's improvements: what it is refused is refused for the state alone. */
const steward = as("steward", "approver", "admin");

/** The six-agent squad's diagram, written out by hand: the table the code must match. */
const EXPECTED: Record<WorkflowStatus, Partial<Record<TransitionName, WorkflowStatus>>> = {
  PROPOSED: { SUBMIT: "PENDING_APPROVAL" },
  PENDING_APPROVAL: { APPROVE: "APPROVED", REJECT: "REJECTED", REQUEST_REVISION: "NEEDS_REVISION" },
  APPROVED: { START_IMPLEMENTATION: "IMPLEMENTING" },
  REJECTED: {},
  NEEDS_REVISION: { REVISE: "PROPOSED" },
  IMPLEMENTING: { START_MEASURING: "MEASURING" },
  MEASURING: { COMPLETE: "COMPLETE" },
  COMPLETE: {},
};

describe("every (state, transition) pair", () => {
  for (const status of WORKFLOW_STATUSES) {
    for (const transition of TRANSITION_NAMES) {
      const next = EXPECTED[status][transition];
      if (next) {
        it(`${status} --${transition}--> ${next}`, () => {
          expect(decideTransition(transition, subject(status), steward)).toEqual({
            ok: true,
            transition,
            from: status,
            to: next,
            decision: ({ APPROVE: "APPROVED", REJECT: "REJECTED", REQUEST_REVISION: "NEEDS_REVISION" } as Record<string, string>)[transition] ?? null,
          });
        });
      } else {
        it(`${status} refuses ${transition}: illegal, naming ${status}, what ${transition} needs and what ${status} allows`, () => {
          expect(decideTransition(transition, subject(status), steward)).toEqual({
            ok: false,
            refusal: { kind: "illegal", current: status, requires: TRANSITIONS[transition].from, allowed: Object.keys(EXPECTED[status]) },
          });
        });
      }
    }
  }

  it("has 8 legal pairs of 64, and REJECTED and COMPLETE are final", () => {
    const legal = WORKFLOW_STATUSES.flatMap((s) => TRANSITION_NAMES.filter((t) => decideTransition(t, subject(s), steward).ok));
    expect(legal).toHaveLength(8);
    expect(transitionsFrom("REJECTED")).toEqual([]);
    expect(transitionsFrom("COMPLETE")).toEqual([]);
  });
});

describe("who may make a transition", () => {
  const allowed = (transition: TransitionName, caller: ReturnType<typeof as>, coCreatedWith: string | null = "jochi") =>
    decideTransition(transition, subject(TRANSITIONS[transition].from, coCreatedWith), caller).ok;

  it("reviews need the approver role: not another agent, not the owner, not an admin", () => {
    for (const transition of ["APPROVE", "REJECT", "REQUEST_REVISION"] as const) {
      expect(allowed(transition, as("kublai", "approver"))).toBe(true);
      for (const caller of [as("mongke"), as(OWNER), as("root", "admin"), as("jochi")]) {
        expect(decideTransition(transition, subject("PENDING_APPROVAL"), caller)).toEqual({
          ok: false,
          refusal: { kind: "forbidden", reason: `${transition} may be made by only an agent with the approver role` },
        });
      }
    }
  });

  it("an approver may not review its own improvement", () => {
    const ownApprover = as(OWNER, "approver", "admin");
    expect(decideTransition("APPROVE", subject("PENDING_APPROVAL"), ownApprover)).toEqual({
      ok: false,
      refusal: { kind: "forbidden", reason: "APPROVE may be made by only an approver other than its owner (no self-approval)" },
    });
  });

  it("SUBMIT and REVISE are the owner's or an admin's; not the co-creator's, not an approver's", () => {
    for (const transition of ["SUBMIT", "REVISE"] as const) {
      expect(allowed(transition, as(OWNER))).toBe(true);
      expect(allowed(transition, as("root", "admin"))).toBe(true);
      expect(allowed(transition, as("jochi"))).toBe(false);
      expect(allowed(transition, as("kublai", "approver"))).toBe(false);
    }
  });

  it("implementation steps are the owner's, the co-creator's or an admin's", () => {
    for (const transition of ["START_IMPLEMENTATION", "START_MEASURING", "COMPLETE"] as const) {
      expect(allowed(transition, as(OWNER))).toBe(true);
      expect(allowed(transition, as("jochi"))).toBe(true);
      expect(allowed(transition, as("root", "admin"))).toBe(true);
      expect(allowed(transition, as("mongke"))).toBe(false);
      expect(allowed(transition, as("kublai", "approver"))).toBe(false);
      // Without a co-creator nobody else qualifies by name.
      expect(allowed(transition, as("jochi"), null)).toBe(false);
    }
  });

  it("the caller's right is checked before the state: a non-approver hears FORBIDDEN even where APPROVE is illegal", () => {
    expect(decideTransition("APPROVE", subject("COMPLETE"), as("mongke"))).toMatchObject({ ok: false, refusal: { kind: "forbidden" } });
    expect(decideTransition("APPROVE", subject("COMPLETE"), as("kublai", "approver"))).toMatchObject({ ok: false, refusal: { kind: "illegal", current: "COMPLETE" } });
  });

  it("allowedTransitions lists exactly the transitions decideTransition accepts, for every status and kind of caller", () => {
    const callers = [as(OWNER), as("jochi"), as("kublai", "approver"), as(OWNER, "approver"), as("root", "admin"), as("mongke"), steward];
    for (const status of WORKFLOW_STATUSES) {
      for (const caller of callers) {
        const accepted = TRANSITION_NAMES.filter((t) => decideTransition(t, subject(status), caller).ok);
        expect(allowedTransitions(subject(status), caller), `${caller.agentId} at ${status}`).toEqual(accepted);
      }
    }
    expect(allowedTransitions(subject("PENDING_APPROVAL"), as(OWNER, "approver"))).toEqual([]);
    expect(allowedTransitions(subject("PENDING_APPROVAL"), as("kublai", "approver"))).toEqual(["APPROVE", "REJECT", "REQUEST_REVISION"]);
  });
});
