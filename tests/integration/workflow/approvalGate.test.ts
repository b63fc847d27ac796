/**
 * Acceptance of "The approval gate" (issue #5): the full approval path, the
 * revision loop, every illegal transition, who may make which, and that each
 * transition leaves its audit entry and feed event — through GraphQL, against
 * the real Neo4j, as agents with tokens of a tenant of this file's own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "../../../src/feed/readOutbox.js";
import { TRANSITION_NAMES, TRANSITIONS, WORKFLOW_STATUSES } from "../../../src/workflow/workflowTransitions.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { PATH_TO, workflowGate } from "../../support/workflowGate.js";

let tg: TokenGateway;
let gate: ReturnType<typeof workflowGate>;

// The six-agent squad's cast: Ögedei proposes and implements, Jochi measures, Kublai approves.
let ogedei: ReturnType<TokenGateway["caller"]>;
let jochi: ReturnType<TokenGateway["caller"]>;
let kublai: ReturnType<TokenGateway["caller"]>;
let mongke: ReturnType<TokenGateway["caller"]>;
let admin: ReturnType<TokenGateway["caller"]>;
/** Entitled to every transition of an improvement it does not own: refusals it gets are about state only. */
let steward: ReturnType<TokenGateway["caller"]>;

beforeAll(async () => {
  tg = await startTokenGateway();
  gate = workflowGate(tg);
  ogedei = tg.caller("ogedei");
  jochi = tg.caller("jochi");
  kublai = tg.caller("kublai", ["agent", "approver"]);
  mongke = tg.caller("mongke");
  admin = tg.caller("admin", ["agent", "admin"]);
  steward = tg.caller("steward", ["agent", "approver", "admin"]);
  await Promise.all([kublai, steward, admin].map((c) => gate.agentNode(c)));
});
afterAll(async () => {
  await tg?.cleanUp();
  await tg?.gw.stop();
});

/** Walks an improvement of Ögedei's to `status` with the callers the six-agent squad's notes give each step. */
async function reach(status: string): Promise<string> {
  const id = await gate.improvement(ogedei, { coCreatedWith: jochi.agentId });
  for (const step of PATH_TO[status]!) await gate.move(TRANSITIONS[step as keyof typeof TRANSITIONS].actor === "reviewer" ? kublai : ogedei, id, step);
  return id;
}

describe("the full approval path", () => {
  it("PROPOSED → PENDING_APPROVAL → APPROVED → IMPLEMENTING → MEASURING → COMPLETE, each step by the agent the six-agent squad's notes give it", async () => {
    const id = await gate.improvement(ogedei, { coCreatedWith: jochi.agentId });
    const submitted = await gate.move(ogedei, id, "SUBMIT", { notes: "ready for review" });
    expect(submitted).toMatchObject({ status: "PENDING_APPROVAL", reviewDecision: null });
    expect(submitted.submittedForApprovalAt).toBeTruthy();

    const approved = await gate.move(kublai, id, "APPROVE", { notes: "good plan", conditions: ["pilot with one agent first"] });
    expect(approved).toMatchObject({ status: "APPROVED", reviewedBy: kublai.agentId, reviewDecision: "APPROVED", reviewNotes: "good plan" });
    expect(approved.reviewedAt).toBeTruthy();
    expect(approved.approvedByConnection.edges).toEqual([
      { node: { id: kublai.agentId }, properties: { decision: "APPROVED", notes: "good plan", conditions: ["pilot with one agent first"], reviewedAt: approved.reviewedAt } },
    ]);

    expect((await gate.move(ogedei, id, "START_IMPLEMENTATION")).status).toBe("IMPLEMENTING");
    expect((await gate.move(jochi, id, "START_MEASURING")).status).toBe("MEASURING");
    const done = await gate.move(jochi, id, "COMPLETE", { notes: "handoffs down from 3h to 40min" });
    expect(done.status).toBe("COMPLETE");

    expect(done.transitions.map((t: any) => [t.ordinal, t.transition, t.fromStatus, t.toStatus, t.byAgentId])).toEqual([
      [1, "SUBMIT", "PROPOSED", "PENDING_APPROVAL", ogedei.agentId],
      [2, "APPROVE", "PENDING_APPROVAL", "APPROVED", kublai.agentId],
      [3, "START_IMPLEMENTATION", "APPROVED", "IMPLEMENTING", ogedei.agentId],
      [4, "START_MEASURING", "IMPLEMENTING", "MEASURING", jochi.agentId],
      [5, "COMPLETE", "MEASURING", "COMPLETE", jochi.agentId],
    ]);
    expect(done.transitions[1]).toMatchObject({ notes: "good plan", conditions: ["pilot with one agent first"] });
    expect(done.transitions[4]).toMatchObject({ notes: "handoffs down from 3h to 40min", conditions: [] });
    for (const t of done.transitions) expect(Number.isNaN(Date.parse(t.at))).toBe(false);
  });

  it("each transition appends one feed event, in order, carrying the move and the improvement's visibility", async () => {
    const id = await reach("COMPLETE");
    const { events } = await gate.stored(id);
    expect(events).toHaveLength(5);
    const all = await readOutbox({ driver: tg.gw.driver, database: "neo4j" }, tg.tenant, events[0]! - 1, 100);
    const mine = all.filter((e) => e.nodeId === id);
    expect(mine.map((e) => e.seq)).toEqual(events);
    expect(mine.map((e) => [e.type, e.nodeType, e.payload.transition, e.payload.to, e.tier])).toEqual([
      ["WORKFLOW_TRANSITION", "WorkflowImprovement", "SUBMIT", "PENDING_APPROVAL", null],
      ["WORKFLOW_TRANSITION", "WorkflowImprovement", "APPROVE", "APPROVED", "BROADCAST"],
      ["WORKFLOW_TRANSITION", "WorkflowImprovement", "START_IMPLEMENTATION", "IMPLEMENTING", null],
      ["WORKFLOW_TRANSITION", "WorkflowImprovement", "START_MEASURING", "MEASURING", null],
      ["WORKFLOW_TRANSITION", "WorkflowImprovement", "COMPLETE", "COMPLETE", null],
    ]);
    expect(mine[1]).toMatchObject({ actorAgentId: kublai.agentId, ownerId: ogedei.agentId, visibility: "SHARED", domains: ["process"], confidence: 0.7 });
  });
});

describe("the revision loop and rejection", () => {
  it("NEEDS_REVISION goes back to PROPOSED, is submitted again, and a rejection is final; every review is kept as APPROVED_BY", async () => {
    const id = await gate.improvement(ogedei);
    await gate.move(ogedei, id, "SUBMIT");
    const sent = await gate.move(kublai, id, "REQUEST_REVISION", { notes: "measure first", conditions: ["add a baseline metric"] });
    expect(sent).toMatchObject({ status: "NEEDS_REVISION", reviewDecision: "NEEDS_REVISION", reviewNotes: "measure first" });
    expect((await gate.move(ogedei, id, "REVISE", { notes: "baseline added" })).status).toBe("PROPOSED");
    await gate.move(ogedei, id, "SUBMIT");
    const rejected = await gate.move(kublai, id, "REJECT", { notes: "not worth the risk" });
    expect(rejected).toMatchObject({ status: "REJECTED", reviewDecision: "REJECTED", reviewNotes: "not worth the risk" });
    const decisions = rejected.approvedByConnection.edges.map((e: any) => [e.properties.decision, e.properties.conditions]).sort();
    expect(decisions).toEqual([["NEEDS_REVISION", ["add a baseline metric"]], ["REJECTED", []]]);
    expect(rejected.transitions.map((t: any) => t.transition)).toEqual(["SUBMIT", "REQUEST_REVISION", "REVISE", "SUBMIT", "REJECT"]);
    expect(await gate.stored(id)).toMatchObject({ status: "REJECTED", transitions: 5, reviews: 2 });
  });
});

describe("every illegal transition gives CONFLICT naming the current state and changes nothing", () => {
  for (const status of WORKFLOW_STATUSES) {
    const illegal = TRANSITION_NAMES.filter((t) => TRANSITIONS[t].from !== status);
    it(`from ${status}: ${illegal.join(", ")}`, async () => {
      const id = await reach(status);
      const before = await gate.stored(id);
      for (const transition of illegal) {
        const res = await gate.transition(steward, id, transition);
        const [error] = res.errors ?? [];
        expect(error?.extensions?.code, `${status} ${transition}: ${JSON.stringify(res)}`).toBe("CONFLICT");
        expect(error!.extensions!.currentStatus).toBe(status);
        expect(error!.message).toContain(`it is ${status}`);
        expect(res.data ?? null).toBeNull();
      }
      expect(await gate.stored(id)).toEqual(before);
    });
  }
});

describe("who may make which transition", () => {
  const refused = async (caller: ReturnType<TokenGateway["caller"]>, id: string, transition: string, code: string) => {
    const before = await gate.stored(id);
    const res = await gate.transition(caller, id, transition);
    expect(res.errors?.[0]?.extensions?.code, JSON.stringify(res)).toBe(code);
    expect(res.data ?? null).toBeNull();
    expect(await gate.stored(id)).toEqual(before);
  };

  it("a non-approver cannot approve, reject or request a revision: not another agent, not the owner, not an admin", async () => {
    const id = await reach("PENDING_APPROVAL");
    for (const caller of [mongke, ogedei, jochi, admin]) {
      for (const transition of ["APPROVE", "REJECT", "REQUEST_REVISION"]) await refused(caller, id, transition, "FORBIDDEN");
    }
    const res = await gate.transition(mongke, id, "APPROVE");
    expect(res.errors![0]!.message).toMatch(/approver role/);
  });

  it("an approver cannot approve its own proposal; another approver can", async () => {
    const id = await gate.improvement(kublai);
    await gate.move(kublai, id, "SUBMIT");
    await refused(kublai, id, "APPROVE", "FORBIDDEN");
    expect((await gate.move(steward, id, "APPROVE")).reviewedBy).toBe(steward.agentId);
  });

  it("only the owner or an admin submits and revises; the co-creator does not", async () => {
    const id = await gate.improvement(ogedei, { coCreatedWith: jochi.agentId });
    for (const caller of [mongke, jochi, kublai]) await refused(caller, id, "SUBMIT", "FORBIDDEN");
    expect((await gate.move(admin, id, "SUBMIT")).transitions[0].byAgentId).toBe(admin.agentId);
  });

  it("implementation steps are the owner's, the co-creator's or an admin's, nobody else's", async () => {
    const id = await reach("APPROVED");
    for (const caller of [mongke, kublai]) await refused(caller, id, "START_IMPLEMENTATION", "FORBIDDEN");
    await gate.move(jochi, id, "START_IMPLEMENTATION");
    await refused(mongke, id, "START_MEASURING", "FORBIDDEN");
    await gate.move(admin, id, "START_MEASURING");
  });

  it("an improvement the caller cannot read is NOT_FOUND, whatever its roles; another tenant's too", async () => {
    const id = await gate.improvement(ogedei, { visibility: "PRIVATE" });
    await gate.move(ogedei, id, "SUBMIT");
    await refused(kublai, id, "APPROVE", "NOT_FOUND");
    const elsewhere = { ...steward, tenantId: `${tg.tenant}-other` };
    await refused(elsewhere, id, "APPROVE", "NOT_FOUND");
    // Shared with the approver by id, the same improvement can be reviewed.
    const share = await tg.as(ogedei, `mutation ($id: ID!, $who: [String!]!) { updateWorkflowImprovements(where: { id: { eq: $id } }, update: { sharedWith: { set: $who } }) { workflowImprovements { id } } }`, { id, who: [kublai.agentId] });
    expect(share.errors).toBeUndefined();
    expect((await gate.move(kublai, id, "APPROVE")).status).toBe("APPROVED");
  });

  it("a reviewer without an Agent node is told to create one, and nothing is written", async () => {
    const nodeless = tg.caller("nodeless", ["agent", "approver"]);
    const id = await reach("PENDING_APPROVAL");
    await refused(nodeless, id, "APPROVE", "BAD_USER_INPUT");
  });

  it("an id that tries to be Cypher is only a value: NOT_FOUND, and the tenant's improvements are untouched", async () => {
    const id = await reach("PENDING_APPROVAL");
    const before = await gate.stored(id);
    for (const hostile of [`${id}'}) DETACH DELETE n //`, `" OR 1=1 //`, "$id"]) {
      const res = await gate.transition(steward, hostile, "APPROVE");
      expect(res.errors?.[0]?.extensions?.code, hostile).toBe("NOT_FOUND");
    }
    // Control characters are refused at the door, before any lookup.
    expect((await gate.transition(steward, `${id}\u0000`, "APPROVE")).errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(await gate.stored(id)).toEqual(before);
  });

  it("the statement writes the arguments as they were checked: a padded id finds the improvement, notes and conditions are stored trimmed", async () => {
    const id = await reach("PENDING_APPROVAL");
    const approved = await gate.move(kublai, `  ${id} `, "APPROVE", { notes: "  ship it \n", conditions: [" measure for a week "] });
    expect(approved).toMatchObject({ id, status: "APPROVED", reviewNotes: "ship it" });
    expect(approved.transitions.at(-1)).toMatchObject({ transition: "APPROVE", notes: "ship it", conditions: ["measure for a week"] });
  });

  it("conditions belong to reviews: SUBMIT with conditions is BAD_USER_INPUT", async () => {
    const id = await gate.improvement(ogedei);
    const before = await gate.stored(id);
    const res = await gate.transition(ogedei, id, "SUBMIT", { conditions: ["x"] });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "transitionWorkflowImprovement.conditions" });
    expect(await gate.stored(id)).toEqual(before);
  });
});
