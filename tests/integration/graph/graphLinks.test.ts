import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const CREATE_AGENT = `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "tester" }]) { agents { id } } }`;
const RECORD = `mutation ($memories: [MemoryInput!]!) { recordMemories(memories: $memories) { ids } }`;

async function ok<T = any>(caller: Caller, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await tg.as<T>(caller, query, variables);
  expect(res.errors).toBeUndefined();
  return res.data as T;
}

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "links" });
  alice = tg.caller("alice");
  bob = tg.caller("bob");
  for (const c of [alice, bob]) await ok(c, CREATE_AGENT, { id: c.agentId, name: c.agentId });
  await ok(alice, RECORD, {
    memories: [
      { type: "INSIGHT", content: "The puppy Rex loves the park at dawn", visibility: "SHARED", importance: 0.8 },
      { type: "OBSERVATION", content: "Alice keeps her puppy notes private", visibility: "PRIVATE" },
    ],
  });
  await tg.gw.app.embeddings.drain();
});
afterAll(async () => {
  await tg?.stop();
});

describe("@graphLink: a search hit is a node to keep querying", () => {
  it("returns the memory with nested relationships, and the hit's flat fields unchanged", async () => {
    const data = await ok(alice, `query ($v: Int!) { searchMemories(input: { query: "puppy park", limit: 5 }) {
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
    const data = await ok(bob, `{ searchMemories(input: { query: "puppy", limit: 5 }) {
      hits { id memory { id agent { id memories { content visibility } } } } } }`);
    const hits = data.searchMemories.hits as { memory: { agent: { memories: { content: string; visibility: string }[] }[] } }[];
    expect(hits.length).toBe(1);
    const nested = hits[0]!.memory.agent[0]!.memories;
    expect(nested.map((m) => m.content)).toEqual(["The puppy Rex loves the park at dawn"]);
  });
});
