import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import type { Caller } from "../../../src/core/caller.js";
import { longTextParts } from "../../../src/embeddings/longText.js";
import { visibilityParams } from "../../../src/auth/policy.js";
import { vectorHits } from "../../../src/search/searchQueries.js";
import { SEARCH_SOURCES } from "../../../src/search/searchSources.js";
import { rankOptionsFor } from "../../../src/search/ranking/rankCandidates.js";

/**
 * A text longer than the model's window (a long assistant answer, a pasted
 * plan) is embedded as passages, each in the passage index: search finds the
 * text through them and moves it `passageShare` of the way to its closest
 * one, so what it says past the first window counts too. The passages leave
 * with the text: when it is corrected, forgotten or deleted.
 */
let t: TokenGateway;
vi.setConfig({ testTimeout: 240_000 });
beforeAll(async () => {
  t = await startTokenGateway({ tenantPrefix: "long" });
});
afterAll(async () => {
  await t.stop();
});

const CREATE_AGENT = `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "tester" }]) { agents { id } } }`;
const RECORD = `mutation ($memories: [MemoryInput!]!) { recordMemories(memories: $memories) { ids } }`;
const SEARCH = `query ($q: String!) { searchMemories(input: { query: $q, sources: [MEMORY], limit: 10, explain: true }) { hits { id explain { vectorScore } } } }`;
const CORRECT = `mutation ($id: ID!, $content: String!) { correctMemory(id: $id, content: $content) { id } }`;
const FORGET = `mutation ($id: ID!) { forgetMemory(id: $id) { id } }`;
const DELETE = `mutation ($id: ID!) { deleteMemories(where: { id: { eq: $id } }) { nodesDeleted } }`;

async function ok(caller: Caller, query: string, variables: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await t.as(caller, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as Record<string, any>;
}
const unique = (word: string) => `${word}${Math.random().toString(36).slice(2, 8)}`;

/** About 1,500 tokens of a planning answer, its one statement about `word` in its last sentence. */
function longAnswer(word: string): string {
  const filler = Array.from(
    { length: 60 },
    (_, i) => `Step ${i + 1} of the migration plan moves table number ${i + 1} to the new cluster, checks its row counts and records the timing in the runbook.`,
  );
  return [...filler, `Finally, the ${word} parrot sanctuary on the island opens its gates at dawn every Saturday for volunteers.`].join(" ");
}

const agents = new Set<string>();
async function record(caller: Caller, content: string): Promise<string> {
  if (!agents.has(caller.agentId!)) {
    await ok(caller, CREATE_AGENT, { id: caller.agentId, name: caller.agentId });
    agents.add(caller.agentId!);
  }
  const { recordMemories } = await ok(caller, RECORD, { memories: [{ type: "INTERACTION", content, conversationId: unique("c") }] });
  await t.gw.app.embeddings.drain();
  return recordMemories.ids[0] as string;
}

const passagesOf = async (id: string) =>
  (
    await t.gw.driver.executeQuery(
      `MATCH (p:Passage)-[:PASSAGE_OF]->(:Memory {tenantId: $tenant, id: $id}) RETURN p.ordinal AS ordinal, p.start AS start, p.end AS end, p.embedding AS vector, p.tenantId AS tenantId ORDER BY p.ordinal`,
      { tenant: t.tenant, id },
    )
  ).records.map((r) => r.toObject() as { ordinal: number; start: number; end: number; vector: number[]; tenantId: string });
const dot = (a: readonly number[], b: readonly number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe("a text longer than the model's window", () => {
  it("is stored with passages that cover all of it, and the vector list moves it toward the passage holding a question's answer", async () => {
    const me = t.caller("long-writer");
    const word = unique("kakapo");
    const text = longAnswer(word);
    const id = await record(me, text);
    const embedder = t.gw.app.embedder;
    const expected = longTextParts(text, "", embedder.window).passages;
    expect(expected.length).toBeGreaterThan(2);

    const stored = await passagesOf(id);
    expect(stored.map((p) => [p.start, p.end])).toEqual(expected.map((p) => [p.start, p.end]));
    expect(stored[0]!.start).toBe(0);
    expect(stored.at(-1)!.end).toBe(text.length);
    for (const p of stored) {
      expect(p.vector).toHaveLength(384);
      expect(p.tenantId).toBe(t.tenant);
    }

    const question = `When does the ${word} parrot sanctuary open for volunteers?`;
    const [q] = await embedder.embedQueries([question]);
    const [own] = (await t.gw.driver.executeQuery(`MATCH (m:Memory {tenantId: $tenant, id: $id}) RETURN m.embedding AS v`, { tenant: t.tenant, id })).records.map((r) => r.get("v") as number[]);
    const lastPassage = dot(q!, stored.at(-1)!.vector);
    // The whole text's vector (and its first window's) says little about the parrots; the last passage says it.
    expect(lastPassage).toBeGreaterThan(dot(q!, own!) + 0.05);
    const [firstWindow] = await embedder.embedPassages([text]);
    expect(lastPassage).toBeGreaterThan(dot(q!, firstWindow!) + 0.05);

    // The vector list's statement, at each share of the way to the closest passage (Neo4j's cosine similarity is (1 + cos) / 2).
    const caller = { tenantId: t.tenant, agentId: me.agentId!, roles: ["agent" as const] };
    const params = { ...visibilityParams(caller), agentIds: [me.agentId], types: null, tags: null, participants: null, conversationId: null, from: null, to: null, minConfidence: null };
    const target = { driver: t.gw.driver, database: "neo4j" };
    const scoreAt = async (share: number) =>
      (await vectorHits(target, SEARCH_SOURCES.MEMORY, q!, params, 10, false, { contextWeight: 1, afterLongContextWeight: 1, afterLongWords: 100, passageShare: share })).hits.find((h) => h.id === `MEMORY:${id}`)!.score;
    const mixed = (1 + dot(q!, own!)) / 2;
    expect(await scoreAt(1)).toBeCloseTo((1 + lastPassage) / 2, 3);
    expect(await scoreAt(0.5)).toBeCloseTo((mixed + (1 + lastPassage) / 2) / 2, 3);
    expect(await scoreAt(0)).toBeCloseTo(mixed, 3);

    // Through searchMemories, with the shipped ranking.
    const hit = ((await ok(me, SEARCH, { q: question })).searchMemories.hits as { id: string; explain: { vectorScore: number } }[]).find((h) => h.id === id);
    expect(hit, "the long memory is found").toBeDefined();
    const share = rankOptionsFor(true).passageShare;
    expect(hit!.explain.vectorScore).toBeCloseTo(mixed + share * ((1 + lastPassage) / 2 - mixed), 3);
  });

  it("keeps one vector for a text that fits: no passages", async () => {
    const id = await record(t.caller("short-writer"), `The ${unique("wren")} sang at noon.`);
    expect(await passagesOf(id)).toEqual([]);
  });

  it("loses its passages when corrected to a short text, at once, and when forgotten or deleted", async () => {
    const me = t.caller("long-corrector");
    const corrected = await record(me, longAnswer(unique("kea")));
    const forgotten = await record(me, longAnswer(unique("kea")));
    const deleted = await record(me, longAnswer(unique("kea")));
    const bystander = await record(t.caller("long-bystander"), longAnswer(unique("kea")));
    for (const id of [corrected, forgotten, deleted, bystander]) expect((await passagesOf(id)).length).toBeGreaterThan(2);

    await ok(me, CORRECT, { id: corrected, content: "The kea visit was moved to Sunday." });
    expect(await passagesOf(corrected)).toEqual([]);
    await ok(me, FORGET, { id: forgotten });
    const orphans = async () =>
      (await t.gw.driver.executeQuery(`MATCH (p:Passage {tenantId: $tenant}) WHERE NOT EXISTS { (p)-[:PASSAGE_OF]->() } RETURN count(p) AS n`, { tenant: t.tenant })).records[0]!.get("n").toNumber() as number;
    expect(await orphans()).toBe(0);

    // A generated delete leaves the passages behind, unreachable (any gateway's next full pass may sweep them); a drain sweeps them.
    expect((await ok(me, DELETE, { id: deleted })).deleteMemories.nodesDeleted).toBe(1);
    await t.gw.app.embeddings.drain();
    expect(await orphans()).toBe(0);

    await t.gw.app.embeddings.drain();
    expect(await passagesOf(corrected)).toEqual([]);
    expect((await passagesOf(bystander)).length).toBeGreaterThan(2);
    const left = await t.gw.driver.executeQuery(
      `MATCH (p:Passage {tenantId: $tenant})-[:PASSAGE_OF]->(m:Memory) RETURN collect(DISTINCT m.id) AS ids`,
      { tenant: t.tenant },
    );
    expect(left.records[0]!.get("ids")).not.toContain(forgotten);
    expect(left.records[0]!.get("ids")).not.toContain(corrected);
  });
});
