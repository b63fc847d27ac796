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
});
