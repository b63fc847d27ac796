import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/**
 * Identity without ceremony (issue #43): an agent is its credentials'
 * subject. `agentId` arguments default to it, its Agent node comes with its
 * first write or the API key made for it, whoami says who it is, and an
 * interaction takes people and unknown agents as they come.
 */
let t: TokenGateway;
beforeAll(async () => {
  t = await startTokenGateway({ tenantPrefix: "identity" });
});
afterAll(async () => {
  await t.stop();
});

const WHOAMI = `{ whoami { agentId tenantId roles operator permissions agent { id } } }`;
const RECORD = `mutation ($input: RecordInteractionInput!) { recordInteraction(input: $input) { id participants involvedAgentIds } }`;
async function ok(caller: Caller, query: string, variables: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await t.as(caller, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as Record<string, any>;
}
const agentNode = async (id: string) =>
  (await t.gw.driver.executeQuery("MATCH (a:Agent {tenantId: $tenant, id: $id}) RETURN a { .ownerId, .visibility, .name, .role, .state, active: a.lastActiveAt IS NOT NULL } AS a", { tenant: t.tenant, id })).records.map((r) => r.get("a"));

describe("whoami", () => {
  it("says who the caller is, its tenant, roles and what they allow; an admin and the operator may do more", async () => {
    const agent = t.caller("who");
    const mine = (await ok(agent, WHOAMI)).whoami;
    expect(mine).toMatchObject({ agentId: agent.agentId, tenantId: t.tenant, roles: ["AGENT"], operator: false, agent: null });
    expect(mine.permissions.join(" ")).toContain("correct and forget what you own");
    expect(mine.permissions.join(" ")).not.toContain("erase a person");
    const admin = (await ok(t.caller("who-admin", ["agent", "admin"]), WHOAMI)).whoami;
    expect(admin.permissions.join(" ")).toContain("erase a person");
    const operator = (await ok(t.operator("who-operator"), WHOAMI)).whoami;
    expect(operator).toMatchObject({ operator: true });
    expect(operator.permissions.join(" ")).toContain("read-only Cypher");
  });
});

describe("the Agent node comes without ceremony", () => {
  it("memory_store's first write creates the caller's Agent node, owned by itself and active; memoryContext needs no agent id, before or after", async () => {
    const agent = t.caller("first-store");
    const before = (await ok(agent, `{ memoryContext { text tokenCount lines { memoryId } } }`)).memoryContext;
    expect(before.lines).toEqual([]);
    expect(await agentNode(agent.agentId)).toEqual([]);
    await ok(agent, `mutation { memoryStore(content: "Warm caches first", type: BELIEF) { id } }`);
    expect(await agentNode(agent.agentId)).toEqual([{ ownerId: agent.agentId, visibility: "SHARED", name: agent.agentId, role: "agent", state: "IDLE", active: true }]);
    expect((await ok(agent, WHOAMI)).whoami.agent).toEqual({ id: agent.agentId });
    // A second write finds the node: still one.
    await ok(agent, `mutation { memoryStore(content: "Cold caches fail rollouts", type: INSIGHT) { id } }`);
    expect(await agentNode(agent.agentId)).toHaveLength(1);
  });

  it("an API key made for an agent leaves its registration to it: createAgents with that id still succeeds", async () => {
    const admin = t.caller("key-admin", ["agent", "admin"]);
    const target = t.caller("keyed");
    await ok(admin, `mutation ($agent: ID!) { createApiKey(agentId: $agent, roles: [AGENT], name: "one") { key } }`, { agent: target.agentId });
    await ok(target, `mutation ($id: ID!) { createAgents(input: [{ id: $id, name: "Keyed", role: "worker" }]) { agents { id } } }`, { id: target.agentId });
    expect(await agentNode(target.agentId)).toEqual([expect.objectContaining({ ownerId: target.agentId, role: "worker" })]);
  });
});

describe("recordInteraction without ceremony", () => {
  it("needs no agentId and no Agent node; unknown agents are kept as people, the agent itself is skipped, known agents are linked", async () => {
    const agent = t.caller("talker");
    const friend = t.caller("friend");
    await ok(friend, `mutation { memoryStore(content: "I exist", type: BELIEF) { id } }`);
    const memory = (await ok(agent, RECORD, { input: { summary: "Planned the release", withAgents: [agent.agentId, friend.agentId, "visitor-bot"], withPeople: ["Ana"] } })).recordInteraction;
    expect(memory.participants.sort()).toEqual([friend.agentId, "Ana", "visitor-bot"].sort());
    expect(memory.involvedAgentIds).toEqual([friend.agentId]);
    expect(await agentNode(agent.agentId)).toHaveLength(1);
    expect(await agentNode("visitor-bot")).toEqual([]);
    const own = (await ok(agent, `{ agentMemories(limit: 5) { id } }`)).agentMemories;
    expect(own).toEqual([{ id: memory.id }]);
  });

  it("still refuses to record for another agent without being an admin, and for another agent that does not exist", async () => {
    const agent = t.caller("nosy");
    const admin = t.caller("rec-admin", ["agent", "admin"]);
    expect((await t.as(agent, RECORD, { input: { agentId: "someone-else", summary: "x" } })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await t.as(admin, RECORD, { input: { agentId: "ghost-agent", summary: "x" } })).errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "recordInteraction.input.agentId" });
    expect(await agentNode("ghost-agent")).toEqual([]);
  });
});
