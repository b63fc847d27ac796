import type { Driver } from "neo4j-driver";
import { expect } from "vitest";
import { tenantFingerprint, type GraphFingerprint } from "./graphFingerprint.js";
import { graphql, mintToken } from "./hostileClient.js";
import type { Tenant } from "./hostileCase.js";

/** The fixture graph of one tenant: the ids cases aim at. */
export interface TenantFixture {
  tenantId: string;
  /** The admin agent that wrote the fixture. */
  seeder: string;
  agentId: string;
  /** An agent id that exists in both tenants. */
  twinId: string;
  personId: string;
  /** A SHARED memory of `agentId`. */
  memoryId: string;
  /** A PRIVATE memory of the seeder (only it and admins read it). */
  privateMemoryId?: string;
  /** An Org and a Channel: node types without `updatedAt`, so a refused connect leaves them byte-identical. */
  orgName: string;
  channelId: string;
  /** An API key of the tenant (its id, never the key). */
  apiKeyId?: string;
  /** The tenant's part of the graph as seeded: every case must leave it so. */
  fingerprint: GraphFingerprint;
}

export interface Fixture {
  T1: TenantFixture;
  T2: TenantFixture;
  /** A seeded T1 id for every type whose ids clients choose (they collide on purpose). */
  clientIds: Record<string, string>;
}

const TENANTS: Record<Tenant, string> = { T1: "hostile-t1", T2: "hostile-t2" };
const at = "2025-03-01T10:00:00Z";
const connectId = (id: string) => ({ connect: [{ where: { node: { id: { eq: id } } } }] });

const SEED_T1 = `mutation SeedT1($alice: [PersonCreateInput!]!, $bob: [PersonCreateInput!]!, $memories: [MemoryCreateInput!]!, $channels: [ChannelCreateInput!]!) {
  createAgents(input: [{ id: "kublai", name: "Kublai", role: "orchestrator" }, { id: "twin", name: "Twin one", role: "analyst" }]) { agents { id } }
  alice: createPeople(input: $alice) { people { id } }
  bob: createPeople(input: $bob) { people { id } }
  createMemories(input: $memories) { memories { id visibility } }
  createChannels(input: $channels) { channels { id } }
  startSession(sessionId: "run-1", agentId: "kublai", goal: "Finish level one", maxTurns: 10) { id }
  recordTurn(sessionId: "run-1", turn: { number: 1, timestamp: "2025-03-01T10:00:00Z", analysis: "Level one starts", buttonPresses: [START], success: true }) { created }
  createApiKey(agentId: "kublai", name: "fixture key") { info { id } }
}`;

const SEED_T2 = `mutation SeedT2($memories: [MemoryCreateInput!]!) {
  createAgents(input: [{ id: "zhang", name: "Zhang", role: "researcher" }, { id: "twin", name: "Twin two", role: "analyst" }]) { agents { id } }
  createPeople(input: [{ id: "carol", name: "Carol", worksAt: { create: [{ node: { name: "Globex" }, edge: { confidence: 0.6 } }] } }]) { people { id } }
  createMemories(input: $memories) { memories { id visibility } }
  createChannels(input: [{ id: "random", name: "random" }]) { channels { id } }
}`;

/**
 * Writes the fixture through the gateway, as each tenant's admin: an agent
 * with memories (one shared, one private), people with facts, a channel with
 * a message, a game session with a turn, an API key; and a smaller tenant T2
 * with an agent id that also exists in T1, an org and a channel. No text in it contains quotes, wildcards or
 * control characters, so hostile filters have nothing to match.
 */
export async function seedFixture(url: string, driver: Driver): Promise<Fixture> {
  const t1 = await mintToken({ tenantId: TENANTS.T1, agentId: "t1-seeder", roles: ["agent", "admin"] });
  const t2 = await mintToken({ tenantId: TENANTS.T2, agentId: "t2-seeder", roles: ["agent", "admin"] });
  const one = await graphql(url, t1, SEED_T1, {
    alice: [
      {
        id: "alice",
        name: "Alice",
        aliases: ["Al"],
        worksAt: { create: [{ node: { name: "Acme" }, edge: { confidence: 0.9, role: "Engineer", evidence: ["msg-1"] } }] },
        hasSkill: { create: [{ node: { name: "Python" }, edge: { confidence: 0.8, proficiency: "expert" } }] },
      },
    ],
    bob: [{ id: "bob", name: "Bob", closeTo: { connect: [{ where: { node: { id: { eq: "alice" } } }, edge: { confidence: 0.7, basis: "collaborate weekly" } }] } }],
    memories: [
      { type: "INSIGHT", content: "The message queue bottlenecks under high load", importance: 0.9, tags: ["operations"], visibility: "SHARED", agent: connectId("kublai"), aboutPeople: connectId("alice") },
      { type: "OBSERVATION", content: "Deployment windows are on Tuesdays", visibility: "PRIVATE", agent: connectId("kublai") },
    ],
    channels: [
      { id: "general", name: "general", messages: { create: [{ node: { id: "msg-1", authorId: "alice", content: "I started at Acme in spring", timestamp: at, author: connectId("alice") } }] } },
    ],
  });
  expect(one.body.errors, JSON.stringify(one.body.errors)).toBeUndefined();
  const two = await graphql(url, t2, SEED_T2, {
    memories: [{ type: "INSIGHT", content: "Tenant two keeps its own notes", visibility: "SHARED", agent: connectId("zhang") }],
  });
  expect(two.body.errors, JSON.stringify(two.body.errors)).toBeUndefined();

  const [shared, priv] = one.body.data!.createMemories.memories as { id: string; visibility: string }[];
  return {
    T1: {
      tenantId: TENANTS.T1,
      seeder: "t1-seeder",
      agentId: "kublai",
      twinId: "twin",
      personId: "alice",
      memoryId: shared!.id,
      privateMemoryId: priv!.id,
      orgName: "Acme",
      channelId: "general",
      apiKeyId: one.body.data!.createApiKey.info.id,
      fingerprint: await tenantFingerprint(driver, TENANTS.T1),
    },
    T2: {
      tenantId: TENANTS.T2,
      seeder: "t2-seeder",
      agentId: "zhang",
      twinId: "twin",
      personId: "carol",
      memoryId: two.body.data!.createMemories.memories[0].id,
      orgName: "Globex",
      channelId: "random",
      fingerprint: await tenantFingerprint(driver, TENANTS.T2),
    },
    clientIds: { Agent: "kublai", Person: "alice", Channel: "general", Message: "msg-1", GameSession: "run-1", Turn: "run-1_turn_1" },
  };
}

/** The tenant id a fixture tenant name stands for. */
export const tenantIdOf = (tenant: Tenant): string => TENANTS[tenant];

/** Removes both fixture tenants entirely (nodes and their relationships). */
export async function removeFixture(driver: Driver): Promise<void> {
  await driver.executeQuery("MATCH (n) WHERE n.tenantId IN $tenants DETACH DELETE n", { tenants: Object.values(TENANTS) });
}
