import { describe, expect, it } from "vitest";
import { workflowTransitionEvent } from "../../../src/workflow/workflowTransitionEvent.js";

const kublai = { tenantId: "squad", agentId: "kublai", roles: ["agent", "approver"] as const };
const improvement = { ownerId: "ogedei", visibility: "PRIVATE" as const, sharedWith: ["kublai"], domains: ["process"], confidence: 0.7, targetProcess: "handoffs" };
const at = new Date("2026-02-03T12:00:00.000Z");

describe("workflowTransitionEvent", () => {
  it("describes an approval for every agent (BROADCAST), with the improvement's visibility as it was", () => {
    const args = { id: "wi-1", transition: "APPROVE" as const, notes: "ok", conditions: ["pilot"] };
    expect(workflowTransitionEvent(kublai, args, improvement, { transitionId: "t-1", from: "PENDING_APPROVAL", to: "APPROVED", decision: "APPROVED" }, at)).toEqual({
      tenantId: "squad",
      type: "WORKFLOW_TRANSITION",
      nodeId: "wi-1",
      nodeType: "WorkflowImprovement",
      actorAgentId: "kublai",
      ownerId: "ogedei",
      visibility: "PRIVATE",
      sharedWith: ["kublai"],
      domains: ["process"],
      confidence: 0.7,
      tier: "BROADCAST",
      payload: { transitionId: "t-1", transition: "APPROVE", from: "PENDING_APPROVAL", to: "APPROVED", decision: "APPROVED", notes: "ok", conditions: ["pilot"], targetProcess: "handoffs" },
      createdAt: at,
    });
  });

  it("addresses no tier for the other transitions: subscription rules decide who hears of them", () => {
    for (const [transition, to, decision] of [["REJECT", "REJECTED", "REJECTED"], ["SUBMIT", "PENDING_APPROVAL", null]] as const) {
      const event = workflowTransitionEvent(kublai, { id: "wi-1", transition, notes: null, conditions: [] }, improvement, { transitionId: "t", from: "PROPOSED", to, decision }, at);
      expect(event.tier).toBeNull();
      expect(event.payload).toMatchObject({ transition, to, decision });
    }
  });
});
