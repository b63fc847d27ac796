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

  it("stamps when a belief evolved, whether the link was created nested, connected nested or connected by an update", async () => {
    const before = Date.now();
    const old = await ok(gw, `mutation { createBeliefs(input: [{ content: "Caching never helps cold starts" }, { content: "Retries hide flaky tests" }]) { beliefs { id content } } }`, {}, me);
    const idOf = (content: string) => old.createBeliefs.beliefs.find((b: { content: string }) => b.content === content).id;
    const cold = idOf("Caching never helps cold starts");
    const flaky = idOf("Retries hide flaky tests");
    const evolved = await ok(
      gw,
      `mutation ($cold: ID!) { createBeliefs(input: [{ content: "Caching helps cold starts once warmed",
          evolvedFrom: { connect: [{ where: { node: { id: { eq: $cold } } }, edge: { reason: "a warmed cache halved the first request" } }] },
          evolvedInto: { create: [{ node: { content: "Warm the cache before ready" }, edge: { reason: "readiness waits for it" } }] } }]) { beliefs { id } } }`,
      { cold },
      me,
    );
    const newId = evolved.createBeliefs.beliefs[0].id;
    await ok(
      gw,
      `mutation ($flaky: ID!, $newId: ID!) { updateBeliefs(where: { id: { eq: $flaky } }, update: { evolvedInto: [{ connect: [{ where: { node: { id: { eq: $newId } } }, edge: { reason: "a flaky retry hid a cold cache" } }] }] }) { beliefs { id } } }`,
      { flaky, newId },
      me,
    );
    const read = await ok(
      gw,
      `query ($id: ID!) { beliefs(where: { id: { eq: $id } }) {
          evolvedFromConnection(sort: [{ edge: { reason: ASC } }]) { edges { properties { reason at } } }
          evolvedIntoConnection { edges { properties { reason at } } } } }`,
      { id: newId },
      me,
    );
    const edges = [...read.beliefs[0].evolvedFromConnection.edges, ...read.beliefs[0].evolvedIntoConnection.edges];
    expect(edges.map((e: { properties: { reason: string } }) => e.properties.reason)).toEqual([
      "a flaky retry hid a cold cache",
      "a warmed cache halved the first request",
      "readiness waits for it",
    ]);
    for (const e of edges) expect(Date.parse(e.properties.at)).toBeGreaterThanOrEqual(before - 1000);
  });


  it("deletes a belief", async () => {
    const created = await ok(gw, `mutation { createBeliefs(input: [{ content: "temporary" }]) { beliefs { id strength state } } }`, {}, me);
    expect(created.createBeliefs.beliefs[0]).toMatchObject({ strength: 0.5, state: "ACTIVE" });
    const deleted = await ok(gw, `mutation ($id: ID!) { deleteBeliefs(where: { id: { eq: $id } }) { nodesDeleted } }`, { id: created.createBeliefs.beliefs[0].id }, me);
    expect(deleted.deleteBeliefs.nodesDeleted).toBe(1);
  });
});
