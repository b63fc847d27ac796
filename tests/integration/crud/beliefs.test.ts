import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

let gw: TestGateway;
const me = uniqueAgent("beliefs");

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

describe("beliefs and reflections through GraphQL", () => {
  it("keeps a superseded belief and its chain to the belief it evolved into", async () => {
    const created = await ok(
      gw,
      `mutation { createReflections(input: [{
          content: "Async work fails under memory pressure", trigger: "weekly",
          beliefsFormed: { create: [{ node: {
            content: "Async batching is always faster", confidence: 0.6, domains: ["technical"],
            evolvedInto: { create: [{ node: { content: "Async batching is faster unless memory is tight", confidence: 0.85, domains: ["technical"] }, edge: { reason: "Temüjin's application failed under memory pressure" } }] }
          } }] }
        }]) { reflections { id beliefsFormed { id } } } }`,
      {},
      me,
    );
    const oldId = created.createReflections.reflections[0].beliefsFormed[0].id;
    await ok(gw, `mutation ($id: ID!) { updateBeliefs(where: { id: { eq: $id } }, update: { state: { set: SUPERSEDED } }) { beliefs { state } } }`, { id: oldId }, me);

    const read = await ok(
      gw,
      `query ($id: ID!) { beliefs(where: { id: { eq: $id } }) { state evolvedIntoConnection { edges { properties { reason } node { content state confidence evolvedFrom { id } } } } formedIn { trigger } } }`,
      { id: oldId },
      me,
    );
    expect(read.beliefs[0]).toEqual({
      state: "SUPERSEDED",
      formedIn: [{ trigger: "weekly" }],
      evolvedIntoConnection: {
        edges: [
          {
            properties: { reason: "Temüjin's application failed under memory pressure" },
            node: { content: "Async batching is faster unless memory is tight", state: "ACTIVE", confidence: 0.85, evolvedFrom: [{ id: oldId }] },
          },
        ],
      },
    });
  });

  it("deletes a belief", async () => {
    const created = await ok(gw, `mutation { createBeliefs(input: [{ content: "temporary" }]) { beliefs { id strength state } } }`, {}, me);
    expect(created.createBeliefs.beliefs[0]).toMatchObject({ strength: 0.5, state: "ACTIVE" });
    const deleted = await ok(gw, `mutation ($id: ID!) { deleteBeliefs(where: { id: { eq: $id } }) { nodesDeleted } }`, { id: created.createBeliefs.beliefs[0].id }, me);
    expect(deleted.deleteBeliefs.nodesDeleted).toBe(1);
  });
});
