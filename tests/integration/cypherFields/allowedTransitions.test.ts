/**
 * WorkflowImprovement.allowedTransitions against the real Neo4j: for every
 * caller and every status the gate passes through, the field lists exactly
 * the transitions transitionWorkflowImprovement then accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { workflowGate } from "../../support/workflowGate.js";

const NAMES = ["SUBMIT", "APPROVE", "REJECT", "REQUEST_REVISION", "REVISE", "START_IMPLEMENTATION", "START_MEASURING", "COMPLETE"];

let tg: TokenGateway;
let gate: ReturnType<typeof workflowGate>;
let owner: Caller;
let approver: Caller;
let implementer: Caller;
let bystander: Caller;
let admin: Caller;

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "cyflow" });
  gate = workflowGate(tg);
  owner = tg.caller("owner");
  approver = tg.caller("approver", ["agent", "approver"]);
  implementer = tg.caller("implementer");
  bystander = tg.caller("bystander");
  admin = tg.caller("admin", ["agent", "admin"]);
  await gate.agentNode(approver);
});

afterAll(async () => {
  await tg?.stop();
});

const allowed = async (caller: Caller, id: string) => {
  const res = await tg.as(caller, `query ($id: ID!) { workflowImprovements(where: { id: { eq: $id } }) { status allowedTransitions } }`, { id });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return (res.data as any).workflowImprovements[0] as { status: string; allowedTransitions: string[] } | undefined;
};

/** The first transition, in declaration order, that the mutation accepts from `caller` (each refusal changes nothing). */
async function firstAcceptedByMutation(caller: Caller, id: string): Promise<string[]> {
  for (const name of NAMES) {
    const res = await tg.as(caller, `mutation ($id: ID!, $t: WorkflowTransitionName!) { transitionWorkflowImprovement(id: $id, transition: $t) { status } }`, { id, t: name });
    if (!res.errors) return [name];
    expect(["FORBIDDEN", "CONFLICT"]).toContain(res.errors[0]!.extensions?.code);
  }
  return [];
}

describe("WorkflowImprovement.allowedTransitions", () => {
  it("follows the gate: who may do what at each status", async () => {
    const id = await gate.improvement(owner, { coCreatedWith: implementer.agentId });
    const expectAt = async (status: string, expected: Record<string, string[]>) => {
      for (const [who, caller] of Object.entries({ owner, approver, implementer, bystander, admin })) {
        const got = await allowed(caller, id);
        expect(got, `${who} at ${status}`).toEqual({ status, allowedTransitions: expected[who] ?? [] });
      }
    };
    await expectAt("PROPOSED", { owner: ["SUBMIT"], admin: ["SUBMIT"] });
    await gate.move(owner, id, "SUBMIT");
    await expectAt("PENDING_APPROVAL", { approver: ["APPROVE", "REJECT", "REQUEST_REVISION"] });
    await gate.move(approver, id, "REQUEST_REVISION");
    await expectAt("NEEDS_REVISION", { owner: ["REVISE"], admin: ["REVISE"] });
    await gate.move(owner, id, "REVISE");
    await gate.move(owner, id, "SUBMIT");
    await gate.move(approver, id, "APPROVE");
    await expectAt("APPROVED", { owner: ["START_IMPLEMENTATION"], implementer: ["START_IMPLEMENTATION"], admin: ["START_IMPLEMENTATION"] });
    await gate.move(implementer, id, "START_IMPLEMENTATION");
    await gate.move(implementer, id, "START_MEASURING");
    await gate.move(implementer, id, "COMPLETE");
    await expectAt("COMPLETE", {});
  });

  it("agrees with the mutation: every transition before the first one listed is refused, and that one is accepted", async () => {
    for (const caller of [owner, approver, bystander]) {
      const id = await gate.improvement(owner);
      await gate.move(owner, id, "SUBMIT");
      const listed = (await allowed(caller, id))!.allowedTransitions;
      expect(await firstAcceptedByMutation(caller, id), caller.agentId).toEqual(listed.slice(0, 1));
    }
  });

  it("is not asked of an improvement the caller may not read: it is not there", async () => {
    const id = await gate.improvement(owner, { visibility: "PRIVATE" });
    expect(await allowed(bystander, id)).toBeUndefined();
    expect((await allowed(owner, id))!.allowedTransitions).toEqual(["SUBMIT"]);
  });
});
