/**
 * A transition is one transaction: racing reviewers get one winner and a
 * CONFLICT naming the state the winner left. Its feed event is staged in that
 * transaction and numbered after the commit: when numbering fails, the
 * transition stands and its event is numbered, once, when it can be.
 */
import neo4j from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "../../../src/feed/readOutbox.js";
import { createOutboxSequencer } from "../../../src/feed/outboxSequencer.js";
import { createLogger } from "../../../src/logging/logger.js";
import { applyWorkflowTransition } from "../../../src/workflow/applyWorkflowTransition.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { workflowGate } from "../../support/workflowGate.js";

let tg: TokenGateway;
let gate: ReturnType<typeof workflowGate>;
let owner: ReturnType<TokenGateway["caller"]>;
let reviewers: ReturnType<TokenGateway["caller"]>[];

beforeAll(async () => {
  tg = await startTokenGateway();
  gate = workflowGate(tg);
  owner = tg.caller("ogedei");
  reviewers = ["kublai", "second", "third"].map((name) => tg.caller(name, ["agent", "approver"]));
  await Promise.all(reviewers.map((r) => gate.agentNode(r)));
});
afterAll(async () => {
  await tg?.cleanUp();
  await tg?.gw.stop();
});

const DECISION_OF: Record<string, string> = { APPROVE: "APPROVED", REJECT: "REJECTED", REQUEST_REVISION: "NEEDS_REVISION" };

describe("racing reviewers", () => {
  for (const round of [1, 2, 3]) {
    it(`round ${round}: three approvers decide the same improvement at once; exactly one decision is written, the others hear CONFLICT naming it`, async () => {
      const id = await gate.improvement(owner);
      await gate.move(owner, id, "SUBMIT");
      const moves = ["APPROVE", "REJECT", "REQUEST_REVISION"];
      const responses = await Promise.all(reviewers.map((r, i) => gate.transition(r, id, moves[i]!)));
      const winners = responses.flatMap((res, i) => (res.errors ? [] : [moves[i]!]));
      expect(winners).toHaveLength(1);
      const won = DECISION_OF[winners[0]!]!;
      for (const res of responses.filter((r) => r.errors)) {
        expect(res.errors![0]!.extensions).toMatchObject({ code: "CONFLICT", currentStatus: won });
      }
      expect(await gate.stored(id)).toMatchObject({ status: won, reviewDecision: won, transitions: 2, reviews: 1 });
      expect((await gate.stored(id)).events).toHaveLength(2);
    });
  }
});

describe("an event that cannot be numbered after the commit", () => {
  it("leaves the transition standing; the event is numbered once, in order, as soon as the obstacle is gone", async () => {
    const id = await gate.improvement(owner);
    await gate.move(owner, id, "SUBMIT");
    const before = await gate.stored(id);
    // An event already holding the next number makes the round's numbering violate (tenantId, seq) uniqueness.
    const { records } = await tg.gw.driver.executeQuery("MATCH (c:OutboxCounter {tenantId: $t}) RETURN c.seq AS seq", { t: tg.tenant });
    const next = neo4j.integer.toNumber(records[0]!.get("seq")) + 1;
    await tg.gw.driver.executeQuery("CREATE (:OutboxEvent {tenantId: $t, seq: $seq, type: 'BLOCKER'})", { t: tg.tenant, seq: neo4j.int(next) });
    try {
      const approved = await gate.move(reviewers[0]!, id, "APPROVE");
      expect(approved.status).toBe("APPROVED");
      expect(await gate.stored(id)).toMatchObject({ status: "APPROVED", transitions: before.transitions + 1, reviews: 1, events: before.events, pending: 1 });
    } finally {
      await tg.gw.driver.executeQuery("MATCH (e:OutboxEvent {tenantId: $t, type: 'BLOCKER'}) DELETE e", { t: tg.tenant });
    }
    // The gateway's sweep (every 2 s, events pending for 2 s or more) numbers it: the number the blocker held, once.
    for (const end = Date.now() + 20_000; (await gate.stored(id)).pending > 0; ) {
      if (Date.now() > end) throw new Error("the pending event was not numbered within 20 s");
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await gate.stored(id)).events).toEqual([...before.events, next]);
  });
});

describe("the clock is injected", () => {
  it("transition, review and event times come from deps.now", async () => {
    const id = await gate.improvement(owner);
    const pinned = new Date("2030-01-02T03:04:05.000Z");
    // A sequencer of its own, as another process's would be.
    const outbox = createOutboxSequencer({ driver: tg.gw.driver, database: "neo4j", logger: createLogger({ logLevel: "silent" }), sweepMs: 0 });
    const deps = { driver: tg.gw.driver, database: "neo4j", now: () => pinned, outbox };
    const applied = await applyWorkflowTransition(deps, owner, { id, transition: "SUBMIT", notes: null, conditions: [] });
    await applyWorkflowTransition(deps, reviewers[1]!, { id, transition: "APPROVE", notes: "fine", conditions: [] });
    const { records } = await tg.gw.driver.executeQuery(
      `MATCH (n:WorkflowImprovement {id: $id})-[:HAS_TRANSITION]->(t)
       MATCH (n)-[r:APPROVED_BY]->()
       RETURN collect(toString(t.at)) AS at, toString(r.reviewedAt) AS reviewedAt, toString(n.reviewedAt) AS nodeReviewedAt, toString(n.submittedForApprovalAt) AS submittedAt`,
      { id },
    );
    const iso = "2030-01-02T03:04:05Z";
    expect(records[0]!.toObject()).toEqual({ at: [iso, iso], reviewedAt: iso, nodeReviewedAt: iso, submittedAt: iso });
    await outbox.stop();
    const [event] = await readOutbox(deps, tg.tenant, applied.seq! - 1, 1);
    expect(event).toMatchObject({ seq: applied.seq, nodeId: id, createdAt: pinned });
  });
});
