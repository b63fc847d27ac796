import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { okAs } from "../../support/gql.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import type { Caller } from "../../../src/core/caller.js";

/**
 * Results of the retrieval tools are nodes a client keeps querying in the same
 * request (`@graphLink`), read with the caller's access rules: through the hit
 * and through every relationship nested under it.
 */
let tg: TokenGateway;
let alice: Caller;
let bob: Caller;
/** An admin of another tenant, signed by the same gateway. */
let stranger: Caller;

const CREATE_AGENT = `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "tester" }]) { agents { id } } }`;
const RECORD = `mutation ($memories: [MemoryInput!]!) { recordMemories(memories: $memories) { ids } }`;

const ok = <T = any>(caller: Caller, query: string, variables: Record<string, unknown> = {}) => okAs<T>(tg, caller, query, variables);

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "links" });
  alice = tg.caller("alice");
  bob = tg.caller("bob");
  stranger = { tenantId: `${tg.tenant}-other`, agentId: "stranger", roles: ["admin"] };
  for (const c of [alice, bob]) await ok(c, CREATE_AGENT, { id: c.agentId, name: c.agentId });
  await ok(alice, RECORD, {
    memories: [
      { type: "INSIGHT", content: "The puppy Rex loves the park at dawn", visibility: "SHARED", importance: 0.8 },
      { type: "OBSERVATION", content: "Alice keeps her puppy notes private", visibility: "PRIVATE" },
    ],
  });
  // A SHARED person with a SHARED fact whose evidence is one shared and one private message.
  await ok(alice, `mutation ($p: [PersonCreateInput!]!, $m: [MessageCreateInput!]!) {
    createPeople(input: $p) { people { id } } createMessages(input: $m) { messages { id } } }`, {
    p: [{ id: `dana-${alice.agentId}`, name: "Dana" }],
    m: [
      { id: `pub-${alice.agentId}`, authorId: "dana", content: "Dana: I started at Initech", timestamp: "2026-03-01T10:00:00Z", visibility: "SHARED" },
      { id: `dm-${alice.agentId}`, authorId: "dana", content: "Dana (in a DM): salary details", timestamp: "2026-03-01T11:00:00Z", visibility: "PRIVATE" },
    ],
  });
  await ok(alice, `mutation ($facts: [FactAssertionInput!]!) { assertFacts(facts: $facts) { created { id } } }`, {
    facts: [{ subject: `dana-${alice.agentId}`, relation: "WORKS_AT", object: "Initech", confidence: 0.9, evidence: [`pub-${alice.agentId}`, `dm-${alice.agentId}`] }],
  });
  // Shared knowledge based on a private insight: the link reaches the first, its relationship must not reveal the second.
  await ok(alice, `mutation ($input: [InsightCreateInput!]!) { createInsights(input: $input) { insights { id } } }`, {
    input: [
      { insight: "Graph links make retrieval composable", category: "TECHNICAL", confidence: 0.9, visibility: "SHARED", domains: ["graphs"],
        basedOn: { create: [{ node: { Insight: { insight: "A private hunch about graph links", category: "TECHNICAL", visibility: "PRIVATE" } } }] } },
    ],
  });
  await tg.gw.app.embeddings.drain();
});
afterAll(async () => {
  await tg?.stop();
});

describe("@graphLink: a search hit is a node to keep querying", () => {
  it("returns the memory with nested relationships, and the hit's flat fields unchanged", async () => {
    const data = await ok(alice, `query ($v: Int!) { searchMemories(input: { query: "puppy park", kinds: [MEMORY], limit: 5 }) {
      hits { id content memory { id content importance createdAt agent(limit: $v) { id name } } message { id } } } }`, { v: 1 });
    const hits = data.searchMemories.hits as { id: string; content: string; memory: any; message: unknown }[];
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      expect(hit.memory.id).toBe(hit.id);
      expect(hit.memory.content).toBe(hit.content);
      expect(hit.message).toBeNull();
      expect(hit.memory.agent).toEqual([{ id: alice.agentId, name: alice.agentId }]);
      expect(Number.isNaN(Date.parse(hit.memory.createdAt))).toBe(false);
    }
  });

  it("reads nested relationships with the caller's rules: another agent sees only the shared memories of the owner", async () => {
    const data = await ok(bob, `{ searchMemories(input: { query: "puppy", kinds: [MEMORY], limit: 5 }) {
      hits { id memory { id agent { id memories { content visibility } } } } } }`);
    const hits = data.searchMemories.hits as { memory: { agent: { memories: { content: string; visibility: string }[] }[] } }[];
    expect(hits.length).toBe(1);
    const nested = hits[0]!.memory.agent[0]!.memories;
    expect(nested.map((m) => m.content)).toEqual(["The puppy Rex loves the park at dawn"]);
  });
});

describe("@graphLink: facts, interfaces and tenants", () => {
  const PROFILE = `query ($id: ID!) { personProfile(personId: $id) { found person { id name } facts { type evidence
    subject { name } objectNode { __typename ... on Org { name } } evidenceMessages { id content } } } }`;

  it("a fact's evidence messages are those the caller may read; its object resolves to its own node type", async () => {
    const mine = await ok(alice, PROFILE, { id: `dana-${alice.agentId}` });
    const theirs = await ok(bob, PROFILE, { id: `dana-${alice.agentId}` });
    const [ownFact] = mine.personProfile.facts;
    const [bobsFact] = theirs.personProfile.facts;
    expect(ownFact.subject).toEqual({ name: "Dana" });
    expect(ownFact.objectNode).toEqual({ __typename: "Org", name: "Initech" });
    expect(ownFact.evidenceMessages.map((m: { id: string }) => m.id).sort()).toEqual([`dm-${alice.agentId}`, `pub-${alice.agentId}`].sort());
    expect(bobsFact.evidenceMessages).toEqual([{ id: `pub-${alice.agentId}`, content: "Dana: I started at Initech" }]);
    expect(JSON.stringify(theirs)).not.toContain("salary details");
  });

  it("another tenant's admin reaches nothing through a link, even naming the ids", async () => {
    const res = await tg.as(stranger, `query ($a: ID!, $b: ID!) { relationshipsBetween(personAId: $a, personBId: $b) { personA { id name } personB { id } } }`, {
      a: `dana-${alice.agentId}`,
      b: `dana-${alice.agentId}`,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.relationshipsBetween).toEqual({ personA: null, personB: null });
    const own = await ok(alice, `query ($a: ID!) { relationshipsBetween(personAId: $a, personBId: $a) { personA { name } } }`, { a: `dana-${alice.agentId}` });
    expect(own.relationshipsBetween.personA).toEqual({ name: "Dana" });
  });

  it("a knowledge hit is its node (an interface, resolved to its type), and nested relationships keep the caller's rules", async () => {
    const QUERY = `{ memoryQuery(topic: "graph links retrieval", limit: 5) { knowledge { id type node { __typename id
      ... on Insight { insight basedOn { ... on Insight { insight } } } } } } }`;
    const forAlice = await ok(alice, QUERY);
    const forBob = await ok(bob, QUERY);
    const sharedHit = (data: any) => data.memoryQuery.find((h: any) => h.knowledge.node?.insight === "Graph links make retrieval composable");
    expect(sharedHit(forAlice).knowledge.node.__typename).toBe("Insight");
    expect(sharedHit(forAlice).knowledge.node.id).toBe(sharedHit(forAlice).knowledge.id);
    expect(sharedHit(forAlice).knowledge.node.basedOn).toEqual([{ insight: "A private hunch about graph links" }]);
    expect(sharedHit(forBob).knowledge.node.basedOn).toEqual([]);
    expect(JSON.stringify(forBob)).not.toContain("private hunch");
  });
});
