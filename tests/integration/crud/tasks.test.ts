import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

let gw: TestGateway;
const me = uniqueAgent("tasks");

beforeAll(async () => {
  gw = await startTestGateway();
  await ok(gw, `mutation ($id: ID!) { createAgents(input: [{ id: $id, name: "Möngke", role: "researcher" }]) { agents { id } } }`, { id: me }, me);
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

describe("tasks through GraphQL", () => {
  it("assigns a task with a spawned subtask and a dependency, moves it along, and deletes it", async () => {
    const created = await ok(
      gw,
      `mutation ($agent: ID!) { createTasks(input: [{
          taskType: RESEARCH, description: "Competitive analysis of memory systems", requestedBy: "kublai",
          assignedTo: { connect: [{ where: { node: { id: { eq: $agent } } } }] },
          spawned: { create: [{ node: { taskType: WRITING, description: "Write the brief" } }] }
        }]) { tasks { id status spawned { id status } } } }`,
      { agent: me },
      me,
    );
    const task = created.createTasks.tasks[0];
    expect(task.status).toBe("PENDING");
    const child = task.spawned[0].id;
    await ok(gw, `mutation ($id: ID!, $on: ID!) { updateTasks(where: { id: { eq: $id } }, update: { dependsOn: [{ connect: [{ where: { node: { id: { eq: $on } } } }] }] }) { tasks { id } } }`, { id: child, on: task.id }, me);

    const moved = await ok(
      gw,
      `mutation ($id: ID!) { updateTasks(where: { id: { eq: $id } }, update: { status: { set: COMPLETED }, outcome: { set: SUCCESS }, qualityScore: { set: 0.9 } }) { tasks { status outcome qualityScore } } }`,
      { id: task.id },
      me,
    );
    expect(moved.updateTasks.tasks[0]).toEqual({ status: "COMPLETED", outcome: "SUCCESS", qualityScore: 0.9 });

    const read = await ok(gw, `query ($agent: ID!) { agents(where: { id: { eq: $agent } }) { assignedTasks { description spawned { description dependsOn { description } } } } }`, { agent: me }, me);
    expect(read.agents[0].assignedTasks).toEqual([
      { description: "Competitive analysis of memory systems", spawned: [{ description: "Write the brief", dependsOn: [{ description: "Competitive analysis of memory systems" }] }] },
    ]);
    const deleted = await ok(gw, `mutation ($ids: [ID!]!) { deleteTasks(where: { id: { in: $ids } }) { nodesDeleted } }`, { ids: [task.id, child] }, me);
    expect(deleted.deleteTasks.nodesDeleted).toBe(2);
  });
});
