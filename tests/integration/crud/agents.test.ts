import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fails, ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

let gw: TestGateway;
const me = uniqueAgent("agents");

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

describe("agents and subscription rules through GraphQL", () => {
  it("creates, reads, updates and deletes an agent, stamping ownership from the caller", async () => {
    const created = await ok(
      gw,
      `mutation ($input: [AgentCreateInput!]!) { createAgents(input: $input) { agents { id name role capabilities state tenantId ownerId createdAt } } }`,
      { input: [{ id: me, name: "Möngke", role: "researcher", capabilities: ["deep_research", "citation_tracking"], heartbeatSchedule: ":03" }] },
      me,
    );
    expect(created.createAgents.agents[0]).toMatchObject({
      id: me,
      name: "Möngke",
      state: "IDLE",
      capabilities: ["deep_research", "citation_tracking"],
      tenantId: "local",
      ownerId: me,
    });

    const read = await ok(gw, `query ($id: ID!) { agents(where: { id: { eq: $id } }) { name heartbeatSchedule } }`, { id: me }, me);
    expect(read.agents).toEqual([{ name: "Möngke", heartbeatSchedule: ":03" }]);

    const updated = await ok(
      gw,
      `mutation ($id: ID!) { updateAgents(where: { id: { eq: $id } }, update: { state: { set: ACTIVE }, personality: { set: "Skeptical, thorough" } }) { agents { state personality updatedAt } } }`,
      { id: me },
      me,
    );
    expect(updated.updateAgents.agents[0]).toMatchObject({ state: "ACTIVE", personality: "Skeptical, thorough" });
    expect(updated.updateAgents.agents[0].updatedAt).toBeTruthy();

    const deleted = await ok(gw, `mutation ($id: ID!) { deleteAgents(where: { id: { eq: $id } }) { nodesDeleted } }`, { id: me }, me);
    expect(deleted.deleteAgents.nodesDeleted).toBe(1);
    const gone = await ok(gw, `query ($id: ID!) { agents(where: { id: { eq: $id } }) { id } }`, { id: me }, me);
    expect(gone.agents).toEqual([]);
  });

  it("stores a subscription rule between agents and reads it from both ends", async () => {
    const source = `${me}-src`;
    await ok(gw, `mutation ($input: [AgentCreateInput!]!) { createAgents(input: $input) { agents { id } } }`, {
      input: [
        { id: me, name: "Chagatai", role: "writer" },
        { id: source, name: "Möngke", role: "researcher" },
      ],
    }, me);
    await ok(
      gw,
      `mutation ($input: [SubscriptionRuleCreateInput!]!) { createSubscriptionRules(input: $input) { subscriptionRules { id } } }`,
      {
        input: [
          {
            knowledgeTypes: ["Research"],
            minConfidence: 0.7,
            delivery: "IMMEDIATE",
            tier: "DIRECT",
            subscriber: { connect: [{ where: { node: { id: { eq: me } } } }] },
            source: { connect: [{ where: { node: { id: { eq: source } } } }] },
          },
        ],
      },
      me,
    );
    const read = await ok(
      gw,
      `query ($id: ID!) { agents(where: { id: { eq: $id } }) { subscriptionRules { knowledgeTypes minConfidence delivery tier source { name } } } }`,
      { id: me },
      me,
    );
    expect(read.agents[0].subscriptionRules).toEqual([
      { knowledgeTypes: ["Research"], minConfidence: 0.7, delivery: "IMMEDIATE", tier: "DIRECT", source: [{ name: "Möngke" }] },
    ]);
  });

  it("refuses a second agent with the same id with CONFLICT naming the id", async () => {
    const id = `${me}-dup`;
    const create = `mutation ($id: ID!) { createAgents(input: [{ id: $id, name: "A", role: "r" }]) { agents { id } } }`;
    await ok(gw, create, { id }, me);
    const error = await fails(gw, create, { id }, me);
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe(`Agent.id must be unique: "${id}" already exists`);
  });
});
