import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

let gw: TestGateway;
const me = uniqueAgent("people");
const id = (name: string) => `${me}-${name}`;

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

describe("people and facts through GraphQL", () => {
  it("writes the seed's Google example as people, an org and facts with evidence, and reads it back nested", async () => {
    await ok(
      gw,
      `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`,
      {
        input: [
          { id: id("alice"), name: "Alice" },
          {
            id: id("charlie"),
            name: "Charlie",
            previously: {
              create: [
                {
                  node: { name: "Google", aliases: ["Alphabet"] },
                  edge: { confidence: 0.95, evidence: ["msg_123", "msg_456"], role: "Software Engineer", location: "Mountain View", startDate: "2019", endDate: "2022" },
                },
              ],
            },
            hasSkill: { create: [{ node: { name: "Python" }, edge: { confidence: 0.9, proficiency: "expert", yearsExperience: 6 } }] },
          },
        ],
      },
      me,
    );
    // Dana works at the same Google now; Alice is close to Charlie.
    await ok(
      gw,
      `mutation ($dana: PersonCreateInput!, $alice: ID!, $charlie: ID!) {
         createPeople(input: [$dana]) { people { id } }
         updatePeople(where: { id: { eq: $alice } }, update: { closeTo: [{ connect: [{ where: { node: { id: { eq: $charlie } } }, edge: { confidence: 0.85, basis: "collaborate weekly", evidence: ["msg_234"] } }] }] }) { people { id } }
       }`,
      {
        alice: id("alice"),
        charlie: id("charlie"),
        dana: {
          id: id("dana"),
          name: "Dana",
          worksAt: { connect: [{ where: { node: { name: { eq: "Google" }, ownerId: { eq: me } } }, edge: { confidence: 0.92, role: "Product Manager", location: "San Francisco", evidence: ["msg_789"] } }] },
        },
      },
      me,
    );

    const google = await ok(
      gw,
      `query ($me: String!) { orgs(where: { name: { eq: "Google" }, ownerId: { eq: $me } }) {
          employeesConnection { edges { properties { role confidence } node { id name } } }
          formerEmployeesConnection { edges { properties { role startDate endDate location evidence confidence } node { id name } } }
        } }`,
      { me },
      me,
    );
    expect(google.orgs).toHaveLength(1);
    // The org is the tenant's: another file's facts about "Google" may link its own people to this node
    // (every test gateway with auth off serves one tenant). This file reads the edges of its own people.
    type Edge = { properties: Record<string, unknown>; node: { id: string; name: string } };
    const own = (edges: Edge[]) => edges.filter((e) => e.node.id.startsWith(`${me}-`)).map((e) => ({ properties: e.properties, node: { name: e.node.name } }));
    expect(own(google.orgs[0].employeesConnection.edges)).toEqual([{ properties: { role: "Product Manager", confidence: 0.92 }, node: { name: "Dana" } }]);
    expect(own(google.orgs[0].formerEmployeesConnection.edges)).toEqual([
      {
        properties: { role: "Software Engineer", startDate: "2019", endDate: "2022", location: "Mountain View", evidence: ["msg_123", "msg_456"], confidence: 0.95 },
        node: { name: "Charlie" },
      },
    ]);

    const alice = await ok(
      gw,
      `query ($id: ID!) { people(where: { id: { eq: $id } }) { closeToConnection { edges { properties { basis confidence } node { name hasSkill { name } } } } } }`,
      { id: id("alice") },
      me,
    );
    expect(alice.people[0].closeToConnection.edges).toEqual([
      { properties: { basis: "collaborate weekly", confidence: 0.85 }, node: { name: "Charlie", hasSkill: [{ name: "Python" }] } },
    ]);
  });

  it("updates a fact's properties and deletes a person with their facts", async () => {
    await ok(gw, `mutation ($id: ID!) { createPeople(input: [{ id: $id, name: "Eve", livesIn: { create: [{ node: { name: "San Francisco", aliases: ["SF"] }, edge: { confidence: 0.6 } }] } }]) { people { id } } }`, { id: id("eve") }, me);
    const updated = await ok(
      gw,
      `mutation ($id: ID!) { updatePeople(where: { id: { eq: $id } }, update: { livesIn: [{ update: { edge: { confidence: { set: 0.9 }, evidence: { set: ["msg_9"] } } } }] }) { people { livesInConnection { edges { properties { confidence evidence } node { aliases } } } } } }`,
      { id: id("eve") },
      me,
    );
    expect(updated.updatePeople.people[0].livesInConnection.edges).toEqual([{ properties: { confidence: 0.9, evidence: ["msg_9"] }, node: { aliases: ["SF"] } }]);
    const deleted = await ok(gw, `mutation ($id: ID!) { deletePeople(where: { id: { eq: $id } }) { nodesDeleted relationshipsDeleted } }`, { id: id("eve") }, me);
    expect(deleted.deletePeople).toEqual({ nodesDeleted: 1, relationshipsDeleted: 1 });
  });
});
