import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fails, ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

let gw: TestGateway;
const me = uniqueAgent("workflow");

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

const CREATE = `mutation { createWorkflowImprovements(input: [{
  targetProcess: "research handoff", currentState: "manual", proposedState: "templated",
  implementationSteps: ["draft template", "pilot"], riskLevel: LOW,
  basedOnAnalysis: { create: [{ node: { analysisType: METRIC, title: "Handoff delays", findings: "Handoffs wait 3h on average", confidence: 0.8 } }] }
}]) { workflowImprovements { id status reviewDecision basedOnAnalysis { title } } } }`;

describe("workflow improvements through GraphQL", () => {
  it("creates an improvement in PROPOSED with its backing analysis, updates its text, and deletes it", async () => {
    const [wi] = (await ok(gw, CREATE, {}, me)).createWorkflowImprovements.workflowImprovements;
    expect(wi).toMatchObject({ status: "PROPOSED", reviewDecision: null, basedOnAnalysis: [{ title: "Handoff delays" }] });
    const updated = await ok(gw, `mutation ($id: ID!) { updateWorkflowImprovements(where: { id: { eq: $id } }, update: { proposedState: { set: "templated + checklist" } }) { workflowImprovements { proposedState status } } }`, { id: wi.id }, me);
    expect(updated.updateWorkflowImprovements.workflowImprovements[0]).toEqual({ proposedState: "templated + checklist", status: "PROPOSED" });
    const deleted = await ok(gw, `mutation ($id: ID!) { deleteWorkflowImprovements(where: { id: { eq: $id } }) { nodesDeleted } }`, { id: wi.id }, me);
    expect(deleted.deleteWorkflowImprovements.nodesDeleted).toBe(1);
  });

  it("cannot move the status, the review or the approval edge through generated CRUD", async () => {
    const [wi] = (await ok(gw, CREATE, {}, me)).createWorkflowImprovements.workflowImprovements;
    const attempts = [
      `mutation { createWorkflowImprovements(input: [{ targetProcess: "x", currentState: "a", proposedState: "b", status: APPROVED }]) { workflowImprovements { id } } }`,
      `mutation ($id: ID!) { updateWorkflowImprovements(where: { id: { eq: $id } }, update: { status: { set: APPROVED } }) { workflowImprovements { id } } }`,
      `mutation ($id: ID!) { updateWorkflowImprovements(where: { id: { eq: $id } }, update: { reviewDecision: { set: APPROVED } }) { workflowImprovements { id } } }`,
      `mutation ($id: ID!) { updateWorkflowImprovements(where: { id: { eq: $id } }, update: { approvedBy: [{ connect: [{ where: { node: { id: { eq: "kublai" } } }, edge: { decision: APPROVED } }] }] }) { workflowImprovements { id } } }`,
    ];
    for (const attempt of attempts) {
      const error = await fails(gw, attempt, { id: wi.id }, me);
      expect(error.code).toBe("BAD_USER_INPUT");
    }
    const after = await ok(gw, `query ($id: ID!) { workflowImprovements(where: { id: { eq: $id } }) { status reviewDecision approvedBy { id } } }`, { id: wi.id }, me);
    expect(after.workflowImprovements).toEqual([{ status: "PROPOSED", reviewDecision: null, approvedBy: [] }]);
  });

  it("offers no input for the status, the review fields, APPROVED_BY or the audit trail, and no root field for audit entries", async () => {
    const res = await gw.request(`{
      create: __type(name: "WorkflowImprovementCreateInput") { inputFields { name } }
      update: __type(name: "WorkflowImprovementUpdateInput") { inputFields { name } }
      query: __schema { queryType { fields { name } } mutationType { fields { name } } }
    }`);
    const data = res.data as any;
    const serverOwned = ["status", "submittedForApprovalAt", "reviewedBy", "reviewDecision", "reviewNotes", "reviewedAt", "approvedBy", "transitions"];
    for (const input of [data.create, data.update]) {
      expect(input.inputFields.map((f: { name: string }) => f.name).filter((n: string) => serverOwned.some((s) => n === s || n.startsWith(`${s}_`)))).toEqual([]);
    }
    const roots = [...data.query.queryType.fields, ...data.query.mutationType.fields].map((f: { name: string }) => f.name);
    expect(roots.filter((n: string) => /workflowTransition/i.test(n))).toEqual([]);
    expect(roots).toContain("transitionWorkflowImprovement");
  });

  it("refuses every other way around the gate: review fields, nested approvals and forged audit entries, in create and update", async () => {
    const [wi] = (await ok(gw, CREATE, {}, me)).createWorkflowImprovements.workflowImprovements;
    const attempts = [
      `mutation { createWorkflowImprovements(input: [{ targetProcess: "x", currentState: "a", proposedState: "b", reviewDecision: APPROVED, reviewedBy: "kublai" }]) { workflowImprovements { id } } }`,
      `mutation { createWorkflowImprovements(input: [{ targetProcess: "x", currentState: "a", proposedState: "b", approvedBy: { create: [{ node: { id: "fake-kublai", name: "K", role: "r" }, edge: { decision: APPROVED } }] } }]) { workflowImprovements { id } } }`,
      `mutation { createWorkflowImprovements(input: [{ targetProcess: "x", currentState: "a", proposedState: "b", transitions: [{ transition: APPROVE }] }]) { workflowImprovements { id } } }`,
      `mutation ($id: ID!) { updateWorkflowImprovements(where: { id: { eq: $id } }, update: { reviewedBy: { set: "kublai" }, reviewNotes: { set: "ok" } }) { workflowImprovements { id } } }`,
      `mutation ($id: ID!) { updateWorkflowImprovements(where: { id: { eq: $id } }, update: { submittedForApprovalAt: { set: "2026-01-01T00:00:00Z" } }) { workflowImprovements { id } } }`,
      `mutation ($id: ID!) { updateWorkflowImprovements(where: { id: { eq: $id } }, update: { approvedBy: [{ create: [{ node: { id: "fake-kublai", name: "K", role: "r" }, edge: { decision: APPROVED } }] }] }) { workflowImprovements { id } } }`,
      `mutation ($id: ID!) { updateWorkflowImprovements(where: { id: { eq: $id } }, update: { transitions: { set: [] } }) { workflowImprovements { id } } }`,
    ];
    for (const attempt of attempts) {
      const error = await fails(gw, attempt, { id: wi.id }, me);
      expect(error.code, attempt).toBe("BAD_USER_INPUT");
    }
    const after = await ok(gw, `query ($id: ID!) { workflowImprovements(where: { id: { eq: $id } }) { status reviewedBy reviewNotes submittedForApprovalAt approvedBy { id } transitions { ordinal } } }`, { id: wi.id }, me);
    expect(after.workflowImprovements).toEqual([{ status: "PROPOSED", reviewedBy: null, reviewNotes: null, submittedForApprovalAt: null, approvedBy: [], transitions: [] }]);
    const forged = await gw.driver.executeQuery("MATCH (a:Agent {id: 'fake-kublai'}) RETURN count(a) AS n");
    expect(forged.records[0]!.get("n").toNumber()).toBe(0);
  });

  it("moves through the gate only by transitionWorkflowImprovement, which answers with the improvement and its audit trail", async () => {
    const [wi] = (await ok(gw, CREATE, {}, me)).createWorkflowImprovements.workflowImprovements;
    const moved = await ok(
      gw,
      // A variable inside the selection is answered too: the read-back inlines it (src/schema/selectNodeById.ts).
      `mutation ($id: ID!, $title: String!) { transitionWorkflowImprovement(id: $id, transition: SUBMIT, notes: "ready") {
        status basedOnAnalysis(where: { title: { eq: $title } }) { title } ...Trail } }
       fragment Trail on WorkflowImprovement { transitions { ordinal transition fromStatus toStatus byAgentId notes } }`,
      { id: wi.id, title: "Handoff delays" },
      me,
    );
    expect(moved.transitionWorkflowImprovement).toEqual({
      status: "PENDING_APPROVAL",
      basedOnAnalysis: [{ title: "Handoff delays" }],
      transitions: [{ ordinal: 1, transition: "SUBMIT", fromStatus: "PROPOSED", toStatus: "PENDING_APPROVAL", byAgentId: me, notes: "ready" }],
    });
    // Audit entries carry no ownerId for removeOwnedBy to find; the feed event carries the owner's and goes with it.
    await gw.driver.executeQuery("MATCH (t:WorkflowTransition {improvementId: $id}) DETACH DELETE t", { id: wi.id });
  });
});
