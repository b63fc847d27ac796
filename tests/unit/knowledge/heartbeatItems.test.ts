import { describe, expect, it } from "vitest";
import { heartbeatItems, minutesSince } from "../../../src/knowledge/heartbeatItems.js";
import type { KnowledgeItem } from "../../../src/knowledge/knowledgeItem.js";

const knowledge = (id: string, confidence: number): KnowledgeItem => ({
  id,
  type: "Research",
  ownerId: "mongke",
  taskId: null,
  visibility: "SHARED",
  confidence,
  domains: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  title: `Topic ${id}`,
  text: null,
});

describe("heartbeatItems", () => {
  it("puts approvals first, then blocked tasks, then unread knowledge by confidence", () => {
    const items = heartbeatItems(
      [{ improvementId: "w1", targetProcess: "handoff", ownerId: "ogedei", submittedForApprovalAt: "2026-01-01T00:00:00.000Z", waitingMinutes: 90 }],
      [{ id: "t1", taskType: "RESEARCH", description: "Waiting on API access", status: "BLOCKED", createdAt: "2026-01-01T00:00:00.000Z" }],
      [knowledge("k-low", 0.75), knowledge("k-high", 0.95)],
    );
    expect(items).toEqual([
      { kind: "PENDING_APPROVAL", refId: "w1", text: "Pending approval: handoff (from ogedei, waiting 90 min)", priority: 1 },
      { kind: "BLOCKED_TASK", refId: "t1", text: "Blocked RESEARCH task: Waiting on API access", priority: 0.9 },
      { kind: "UNREAD_KNOWLEDGE", refId: "k-high", text: "Unread Research from mongke: Topic k-high", priority: expect.closeTo(0.76, 12) },
      { kind: "UNREAD_KNOWLEDGE", refId: "k-low", text: "Unread Research from mongke: Topic k-low", priority: expect.closeTo(0.6, 12) },
    ]);
  });

  it("quotes at most 160 characters of a long text", () => {
    const [item] = heartbeatItems([], [{ id: "t", taskType: "OPS", description: "x".repeat(500), status: "BLOCKED", createdAt: "" }], []);
    expect(item!.text).toBe(`Blocked OPS task: ${"x".repeat(159)}…`);
  });

  it("counts whole minutes waited", () => {
    expect(minutesSince("2026-01-01T00:00:00.000Z", new Date("2026-01-01T01:30:59.000Z"))).toBe(90);
  });
});
