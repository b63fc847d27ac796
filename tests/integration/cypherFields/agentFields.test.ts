/**
 * The @cypher fields of Agent, Belief and the Knowledge types against the real
 * Neo4j: Agent.recentMemories, Agent.beliefs, Belief.history and
 * Knowledge.accessedBy return what the caller may read and nothing else, and
 * a limit counts readable nodes only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { okAs } from "../../support/gql.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

let tg: TokenGateway;
let owner: Caller;
let other: Caller;
let admin: Caller;
let stranger: Caller;

const data = (caller: Caller, query: string, variables: Record<string, unknown> = {}) => okAs<Record<string, any>>(tg, caller, query, variables);

const readAgent = async (caller: Caller, selection: string, variables: Record<string, unknown> = {}) => {
  const d = await data(caller, `query ($id: ID!${Object.keys(variables).map((k) => `, $${k}: ${VARIABLE_TYPES[k]}`).join("")}) { agents(where: { id: { eq: $id } }) { id ${selection} } }`, { id: owner.agentId, ...variables });
  return d.agents[0] as Record<string, any> | undefined;
};
const VARIABLE_TYPES: Record<string, string> = { limit: "Int", types: "[MemoryType!]", domain: "String", minConfidence: "Float" };

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "cyagent" });
  owner = tg.caller("owner");
  other = tg.caller("other");
  admin = tg.caller("admin", ["agent", "admin"]);
  stranger = { ...admin, tenantId: `${tg.tenant}-elsewhere` };
  // Four memories, oldest first by occurredAt; the newest one is PRIVATE.
  await data(
    owner,
    `mutation ($id: ID!) { createAgents(input: [{ id: $id, name: "Kublai", role: "orchestrator", memories: { create: [
      { node: { type: OBSERVATION, content: "m1 shared observation", visibility: SHARED, occurredAt: "2026-01-01T00:00:00Z" } },
      { node: { type: LEARNING, content: "m2 shared learning", visibility: SHARED, occurredAt: "2026-01-02T00:00:00Z" } },
      { node: { type: INSIGHT, content: "m3 shared with other", visibility: PRIVATE, sharedWith: ["${"OTHER"}"], occurredAt: "2026-01-03T00:00:00Z" } },
      { node: { type: OBSERVATION, content: "m4 private secret memory", visibility: PRIVATE, occurredAt: "2026-01-04T00:00:00Z" } }
    ] } }]) { agents { id } } }`.replace('"OTHER"', JSON.stringify(other.agentId)),
    { id: owner.agentId },
  );
});

afterAll(async () => {
  await tg?.stop();
});

describe("Agent.recentMemories", () => {
  it("returns the owner's newest memories first, at most limit, of the types asked", async () => {
    const agent = await readAgent(owner, `recentMemories(limit: $limit) { content }`, { limit: 3 });
    expect(agent!.recentMemories.map((m: any) => m.content)).toEqual(["m4 private secret memory", "m3 shared with other", "m2 shared learning"]);
    const observations = await readAgent(owner, `recentMemories(types: $types) { content }`, { types: ["OBSERVATION"] });
    expect(observations!.recentMemories.map((m: any) => m.content)).toEqual(["m4 private secret memory", "m1 shared observation"]);
  });

  it("shows another agent only what is shared with it, and the limit counts those (the private newest does not take a place)", async () => {
    const agent = await readAgent(other, `recentMemories(limit: $limit) { content }`, { limit: 2 });
    expect(agent!.recentMemories.map((m: any) => m.content)).toEqual(["m3 shared with other", "m2 shared learning"]);
  });

  it("shows a third agent of the tenant only the SHARED memories, an admin all, another tenant nothing", async () => {
    const third = tg.caller("third");
    expect((await readAgent(third, `recentMemories { content }`))!.recentMemories.map((m: any) => m.content)).toEqual(["m2 shared learning", "m1 shared observation"]);
    expect((await readAgent(admin, `recentMemories { content }`))!.recentMemories).toHaveLength(4);
    expect(await readAgent(stranger, `recentMemories { content }`)).toBeUndefined();
  });

  it("refuses a limit outside 1..100 before any Cypher runs (BAD_USER_INPUT naming Agent.recentMemories.limit)", async () => {
    for (const limit of [0, -1, 101]) {
      const res = await tg.as(owner, `query ($limit: Int) { agents { recentMemories(limit: $limit) { id } } }`, { limit });
      expect(res.errors?.[0]?.extensions, JSON.stringify(res.errors)).toMatchObject({ code: "BAD_USER_INPUT", field: "Agent.recentMemories.limit" });
      expect(res.errors?.[0]?.message).toBe(`Agent.recentMemories.limit must be between 1 and 100, got ${limit}`);
    }
    const inline = await tg.as(owner, `{ agents { memories { agent { recentMemories(limit: 1000) { id } } } } }`);
    expect(inline.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "Agent.recentMemories.limit" });
  });
});

describe("Agent.beliefs", () => {
  beforeAll(async () => {
    await data(
      owner,
      `mutation { createBeliefs(input: [
        { content: "b1 tests catch regressions", confidence: 0.9, domains: ["technical"], visibility: SHARED },
        { content: "b2 weekly reviews help", confidence: 0.6, domains: ["process"], visibility: SHARED },
        { content: "b3 private doubt", confidence: 0.95, domains: ["technical"], visibility: PRIVATE },
        { content: "b4 superseded", confidence: 0.99, domains: ["technical"], visibility: SHARED, state: SUPERSEDED }
      ]) { beliefs { id } } }`,
    );
  });

  it("lists the agent's ACTIVE beliefs, most confident first, by domain and minConfidence", async () => {
    const all = await readAgent(owner, `beliefs { content }`);
    expect(all!.beliefs.map((b: any) => b.content)).toEqual(["b3 private doubt", "b1 tests catch regressions", "b2 weekly reviews help"]);
    const technical = await readAgent(owner, `beliefs(domain: $domain, minConfidence: $minConfidence) { content }`, { domain: "technical", minConfidence: 0.92 });
    expect(technical!.beliefs.map((b: any) => b.content)).toEqual(["b3 private doubt"]);
  });

  it("hides the private belief from another agent and everything from another tenant", async () => {
    const seen = await readAgent(other, `beliefs { content }`);
    expect(seen!.beliefs.map((b: any) => b.content)).toEqual(["b1 tests catch regressions", "b2 weekly reviews help"]);
    expect(await readAgent(stranger, `beliefs { content }`)).toBeUndefined();
  });

  it("refuses minConfidence above 1 and an empty domain (BAD_USER_INPUT naming the argument)", async () => {
    const high = await tg.as(owner, `{ agents { beliefs(minConfidence: 2) { id } } }`);
    expect(high.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "Agent.beliefs.minConfidence" });
    const empty = await tg.as(owner, `{ agents { beliefs(domain: "  ") { id } } }`);
    expect(empty.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "Agent.beliefs.domain" });
  });
});

describe("Belief.history", () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    // v1 (SHARED) → v2 (PRIVATE) → v3 (SHARED) → v4 (SHARED)
    const created = await data(
      owner,
      `mutation { createBeliefs(input: [{ content: "v1 history root", visibility: SHARED,
        evolvedInto: { create: [{ edge: { reason: "r1" }, node: { content: "v2 private step", visibility: PRIVATE,
          evolvedInto: { create: [{ edge: { reason: "r2" }, node: { content: "v3 shared again", visibility: SHARED,
            evolvedInto: { create: [{ edge: { reason: "r3" }, node: { content: "v4 latest", visibility: SHARED } }] } } }] } } }] } }])
        { beliefs { id evolvedInto { id evolvedInto { id evolvedInto { id } } } } } }`,
    );
    const v1 = created.createBeliefs.beliefs[0];
    const v2 = v1.evolvedInto[0];
    const v3 = v2.evolvedInto[0];
    ids = { v1: v1.id, v2: v2.id, v3: v3.id, v4: v3.evolvedInto[0].id };
  });

  const history = async (caller: Caller, id: string) => {
    const d = await data(caller, `query ($id: ID!) { beliefs(where: { id: { eq: $id } }) { history { id content } } }`, { id });
    return (d.beliefs[0]?.history as { id: string; content: string }[] | undefined)?.map((b) => b.content);
  };

  it("walks the chain both ways, in the order it evolved, itself included", async () => {
    const chain = ["v1 history root", "v2 private step", "v3 shared again", "v4 latest"];
    expect(await history(owner, ids.v3!)).toEqual(chain);
    expect(await history(owner, ids.v1!)).toEqual(chain);
    expect(await history(owner, ids.v4!)).toEqual(chain);
  });

  it("stops another agent at a belief it may not read: nothing on the far side of it shows", async () => {
    expect(await history(other, ids.v3!)).toEqual(["v3 shared again", "v4 latest"]);
    expect(await history(other, ids.v1!)).toEqual(["v1 history root"]);
    expect(await history(other, ids.v2!)).toBeUndefined();
    expect(await history(stranger, ids.v3!)).toBeUndefined();
  });

  it("composes with filters: beliefs whose history holds a given belief", async () => {
    const d = await data(other, `query ($id: ID!) { beliefs(where: { history: { some: { id: { eq: $id } } } }) { content } }`, { id: ids.v4 });
    expect(d.beliefs.map((b: any) => b.content).sort()).toEqual(["v3 shared again", "v4 latest"]);
  });
});

describe("Knowledge.accessedBy", () => {
  it("lists the agents that accessed a piece of knowledge, only those the caller may read, on every Knowledge type", async () => {
    const created = await data(
      owner,
      `mutation { createConcepts(input: [{ name: "Concept accessed", visibility: SHARED }]) { concepts { id } } }`,
    );
    const conceptId = created.createConcepts.concepts[0].id;
    // The owner's agent (SHARED) and a PRIVATE agent of the owner's both accessed it.
    await data(owner, `mutation ($id: ID!) { createAgents(input: [{ id: $id, name: "Hidden", role: "spy", visibility: PRIVATE }]) { agents { id } } }`, { id: `hidden-${tg.tenant}` });
    await tg.gw.driver.executeQuery(
      `MATCH (c:Concept {id: $conceptId}) MATCH (a:Agent {tenantId: $tenant}) WHERE a.id IN [$owner, $hidden] MERGE (a)-[:ACCESSED]->(c)`,
      { conceptId, tenant: tg.tenant, owner: owner.agentId, hidden: `hidden-${tg.tenant}` },
    );
    const read = (caller: Caller) =>
      data(caller, `query ($id: ID!) { concepts(where: { id: { eq: $id } }) { accessedBy { id } } }`, { id: conceptId }).then((d) => d.concepts[0]?.accessedBy?.map((a: any) => a.id));
    expect(await read(owner)).toEqual([`hidden-${tg.tenant}`, owner.agentId].sort());
    expect(await read(other)).toEqual([owner.agentId]);
    expect(await read(stranger)).toBeUndefined();
    // Declared once on the interface, served by each implementation (src/schema/expandCypherFields.ts).
    const types = await data(owner, `{ __type(name: "Knowledge") { possibleTypes { name fields { name } } } }`);
    const without = types.__type.possibleTypes.filter((t: any) => !t.fields.some((f: any) => f.name === "accessedBy")).map((t: any) => t.name);
    expect(types.__type.possibleTypes.length).toBeGreaterThan(10);
    expect(without).toEqual([]);
  });
});
