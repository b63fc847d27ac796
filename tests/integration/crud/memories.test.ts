import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

let gw: TestGateway;
const me = uniqueAgent("memories");

beforeAll(async () => {
  gw = await startTestGateway();
  await ok(gw, `mutation ($id: ID!) { createAgents(input: [{ id: $id, name: "Kublai", role: "orchestrator" }]) { agents { id } } }`, { id: me }, me);
  await ok(gw, `mutation ($id: ID!) { createAgents(input: [{ id: $id, name: "Möngke", role: "researcher" }]) { agents { id } } }`, { id: `${me}-peer` }, me);
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

const CREATE = `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id type content importance tags ownerId visibility createdAt } } }`;

describe("agent memories through GraphQL", () => {
  it("creates memories of each type linked to their agent and the agents they involve", async () => {
    const link = (id: string) => ({ connect: [{ where: { node: { id: { eq: id } } } }] });
    const created = await ok(gw, CREATE, {
      input: [
        { type: "INSIGHT", content: "The message queue bottlenecks under high load", importance: 0.9, tags: ["operations"], agent: link(me) },
        { type: "LEARNING", content: "Async batching improves throughput 3x", importance: 0.75, taskId: "T-123", agent: link(me) },
        { type: "OBSERVATION", content: "Users ask about X before Y", agent: link(me) },
        { type: "INTERACTION", content: "Worked with Möngke on performance analysis", importance: 0.6, agent: link(me), relatedAgents: link(`${me}-peer`) },
      ],
    }, me);
    const memories = created.createMemories.memories;
    expect(memories).toHaveLength(4);
    expect(memories.every((m: { ownerId: string; visibility: string }) => m.ownerId === me && m.visibility === "PRIVATE")).toBe(true);
    expect(memories.find((m: { type: string }) => m.type === "OBSERVATION").importance).toBe(0.5);

    const read = await ok(
      gw,
      `query ($id: ID!) { agents(where: { id: { eq: $id } }) {
          insights: memories(where: { type: { eq: INSIGHT } }) { content tags }
          all: memories(sort: [{ importance: DESC }]) { type }
          interactions: memories(where: { type: { eq: INTERACTION } }) { relatedAgents { name } }
        } }`,
      { id: me },
      me,
    );
    expect(read.agents[0].insights).toEqual([{ content: "The message queue bottlenecks under high load", tags: ["operations"] }]);
    expect(read.agents[0].all.map((m: { type: string }) => m.type)).toEqual(["INSIGHT", "LEARNING", "INTERACTION", "OBSERVATION"]);
    expect(read.agents[0].interactions[0].relatedAgents).toEqual([{ name: "Möngke" }]);
  });

  it("gives a memory created without importance its type's default, nested creates too, and keeps a chosen one exactly (#19, the Discord squad's memory types)", async () => {
    const importanceOf = async (content: string) =>
      (await gw.driver.executeQuery(`MATCH (:Agent {id: $me})-[:REMEMBERS]->(m:Memory {content: $content}) RETURN m.importance AS i`, { me, content })).records.map((r) => r.get("i"));
    const link = { connect: [{ where: { node: { id: { eq: me } } } }] };
    await ok(gw, CREATE, {
      input: [
        { type: "INSIGHT", content: "d-insight", agent: link },
        { type: "LEARNING", content: "d-learning", agent: link },
        { type: "INTERACTION", content: "d-interaction", agent: link },
        { type: "OBSERVATION", content: "d-observation", agent: link },
        { type: "INSIGHT", content: "d-chosen", importance: 0.3, agent: link },
        { type: "LEARNING", content: "d-zero", importance: 0, agent: link },
      ],
    }, me);
    for (const [content, importance] of [["d-insight", 0.9], ["d-learning", 0.75], ["d-interaction", 0.6], ["d-observation", 0.5], ["d-chosen", 0.3], ["d-zero", 0]] as const) {
      expect(await importanceOf(content)).toEqual([importance]);
    }
    // Inline literals, and memories created nested under an agent (create and update alike).
    await ok(gw, `mutation ($id: ID!) { createMemories(input: [{ type: INSIGHT, content: "d-inline", agent: { connect: [{ where: { node: { id: { eq: $id } } } }] } }]) { memories { id } } }`, { id: me }, me);
    await ok(gw, `mutation ($id: ID!) { updateAgents(where: { id: { eq: $id } }, update: { memories: [{ create: [{ node: { type: LEARNING, content: "d-nested" } }, { node: { type: LEARNING, content: "d-nested-chosen", importance: 0.1 } }] }] }) { agents { id } } }`, { id: me }, me);
    expect(await importanceOf("d-inline")).toEqual([0.9]);
    expect(await importanceOf("d-nested")).toEqual([0.75]);
    expect(await importanceOf("d-nested-chosen")).toEqual([0.1]);
  });

  it("updates a memory's importance and tags, then deletes it", async () => {
    const [memory] = (await ok(gw, CREATE, { input: [{ type: "OBSERVATION", content: "temporary", importance: 0.3 }] }, me)).createMemories.memories;
    const updated = await ok(
      gw,
      `mutation ($id: ID!) { updateMemories(where: { id: { eq: $id } }, update: { importance: { set: 0.8 }, tags: { push: ["promoted"] } }) { memories { importance tags } } }`,
      { id: memory.id },
      me,
    );
    expect(updated.updateMemories.memories[0]).toEqual({ importance: 0.8, tags: ["promoted"] });
    const deleted = await ok(gw, `mutation ($id: ID!) { deleteMemories(where: { id: { eq: $id } }) { nodesDeleted } }`, { id: memory.id }, me);
    expect(deleted.deleteMemories.nodesDeleted).toBe(1);
  });
});
