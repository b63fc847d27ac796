import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFor } from "../../../src/app/migrations.js";
import { SHARED_KEYS_RANK_OPTIONS } from "../../../src/search/ranking/rankCandidates.js";
import { sharedKeyList, type KeyedTurn } from "../../../src/search/ranking/sharedKeys.js";
import { sharedKeyHits, type SearchParams } from "../../../src/search/searchQueries.js";
import { VISIBLE_TO_CALLER } from "../../../src/auth/policy.js";
import { luceneAnyWord } from "../../../src/graph/luceneEscape.js";
import { searchTerms } from "../../../src/embeddings/keyTerms.js";
import { SEARCH_SOURCES } from "../../../src/search/searchSources.js";
import { keyTerms, ownerScope, tenantScope } from "../../../src/embeddings/keyTerms.js";
import { textKeys } from "../../../src/embeddings/textKeys.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

const RECORD = `mutation ($memories: [MemoryInput!]!) { recordMemories(memories: $memories) { ids } }`;
const CREATE_AGENT = `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "tester" }]) { agents { id } } }`;

let gw: TestGateway;
let config: ReturnType<typeof testConfig>;
let agent: string;
let other: string;
const SEARCH = `query ($input: SearchMemoriesInput!) {
  searchMemories(input: $input) { hits { id sourceRef explain { fulltextRank vectorRank fused expandedFrom } } }
}`;
const CONTENT = "Sam: My paintings of sunsets sold at the gallery";
const day = (d: number) => new Date(Date.UTC(2026, 10, d, 12)).toISOString();

interface Hit {
  id: string;
  sourceRef: string;
  explain: { fulltextRank: number | null; vectorRank: number | null; fused: number; expandedFrom: string[] };
}

async function stored(source: string) {
  const { records } = await gw.driver.executeQuery(
    "MATCH (m:Memory {ownerId: $agent, source: $source}) RETURN m.keys AS keys, m.keyTerms AS terms, m.tenantId AS tenant, m.embeddingKey AS key, m.embeddingStatus AS status",
    { agent, source },
  );
  return records[0]!.toObject() as { keys: string[] | null; terms: string[] | null; tenant: string; key: string; status: string };
}

beforeAll(async () => {
  config = testConfig({ searchSharedKeys: true });
  gw = await startTestGateway(config);
  agent = uniqueAgent("keys");
  other = uniqueAgent("keys-other");
  await ok(gw, CREATE_AGENT, { id: agent, name: agent }, agent);
  await ok(gw, CREATE_AGENT, { id: other, name: other }, other);
  const turn = (source: string, content: string, conversationId: string, d: number) => ({ type: "INTERACTION", content, source, conversationId, participants: ["Sam"], occurredAt: day(d) });
  await ok(gw, RECORD, {
    memories: [
      turn("k1", CONTENT, "chat", 1),
      turn("p1", "Sam: I adopted a puppy called Rex last weekend, a tiny beagle", "chat", 2),
      turn("p2", "Sam: The weather was lovely all week long", "chat", 2),
      turn("p3", "Sam: Work has been busy with the quarterly report again", "chat", 2),
      turn("r1", "Sam: Rex finally learned to sit at the obedience school", "later", 20),
    ],
  }, agent);
  // Another agent of the same tenant holds the same keys.
  await ok(gw, RECORD, { memories: [{ type: "INTERACTION", content: "Kim: The gallery sold my sunset paintings too", source: "o1", conversationId: "chat", occurredAt: day(3) }] }, other);
  await gw.app.embeddings.drain();
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, agent);
  await removeOwnedBy(gw.driver, other);
  await gw.stop();
});

describe("keys of embedded nodes (the shared-key list of search reads them)", () => {
  it("are stored by the embedding worker: the keys of the node's text", async () => {
    const { keys, status } = await stored("k1");
    expect(status).toBe("READY");
    expect(keys).toEqual(textKeys(CONTENT));
    expect(keys).toEqual(expect.arrayContaining(["painting", "sunset", "gallery"]));
  });

  it("are indexed under the node's tenant and owner: a read under one agent's scope meets only that agent's holders", async () => {
    const { keys, terms, tenant } = await stored("k1");
    expect(terms).toEqual(keyTerms(keys!, tenant, agent));
    const holders = async (term: string) => {
      const { records } = await gw.driver.executeQuery(
        "CALL db.index.fulltext.queryNodes('memory_key_terms', $term) YIELD node WHERE node.ownerId IN [$agent, $other] RETURN collect(node.source) AS sources",
        { term, agent, other },
      );
      return (records[0]!.get("sources") as string[]).sort();
    };
    expect(await holders(`${ownerScope(tenant, agent)}_gallery`)).toEqual(["k1"]);
    expect(await holders(`${ownerScope(tenant, other)}_gallery`)).toEqual(["o1"]);
    expect(await holders(`${tenantScope(tenant)}_gallery`)).toEqual(["k1", "o1"]);
    expect(await holders(`${tenantScope("another tenant")}_gallery`)).toEqual([]);
  });

  it("come back to a node stored before keys existed, through the backfill migration, without a new vector", async () => {
    const before = await stored("k1");
    await gw.driver.executeQuery("MATCH (m:Memory {ownerId: $agent, source: 'k1'}) REMOVE m.keys, m.keyTerms", { agent });
    const backfill = migrationsFor(loadTypeDefs().document, { sharedKeys: true }).find((m) => m.name === "memory_key_terms_backfill")!;
    const session = gw.driver.session(); // CALL … IN TRANSACTIONS needs an auto-commit transaction, as at startup
    await session.run(backfill.cypher).finally(() => session.close());
    await gw.app.embeddings.drain();
    const after = await stored("k1");
    expect(after).toEqual({ keys: before.keys, terms: before.terms, tenant: before.tenant, key: before.key, status: "READY" });
  });
});

describe("the shared-key list read (searchQueries.ts) against its pure twin (ranking/sharedKeys.ts)", () => {
  const filters = { types: null, tags: null, participants: null, conversationId: null, from: null, to: null, minConfidence: null };
  const spec = SEARCH_SOURCES.MEMORY;
  const target = () => ({ driver: gw.driver, database: config.neo4j.database });
  // Under an agent's scope, and under the tenant's as an admin (who may read the other agent's private turn).
  const scopes = async () => {
    const { tenant } = await stored("k1");
    return [[agent], null].map((agentIds) => ({ callerTenant: tenant, callerAgent: agent, callerIsAdmin: agentIds === null, agentIds, ...filters }) as SearchParams);
  };
  /** What the twins take: every visible holder of some keys in the scope, with its keys, in the index's order. */
  const holdersOf = async (keys: string[], params: SearchParams): Promise<KeyedTurn[]> => {
    const lucene = luceneAnyWord(searchTerms(keys, params.callerTenant as string, params.agentIds).join(" "));
    const { records } = await gw.driver.executeQuery(
      `CALL db.index.fulltext.queryNodes($index, $lucene) YIELD node AS n WHERE ${VISIBLE_TO_CALLER} AND ${spec.filter}
       RETURN n.id AS id, n.keys AS keys, n.occurredAt.epochMillis AS at`,
      { ...params, index: spec.keysIndex, lucene },
    );
    return records.map((r) => ({ id: `MEMORY:${r.get("id") as string}`, keys: r.get("keys") as string[], at: Number(r.get("at")) }));
  };

  it("the key list ranks in Neo4j exactly as its twin ranks the holders, and brings each hit's row", async () => {
    const keys = textKeys("Did Sam's puppy Rex see the sunset paintings at the gallery?");
    expect(keys.length).toBeGreaterThan(3);
    for (const params of await scopes()) {
      const live = await sharedKeyHits(target(), spec, keys, params, 30, false);
      const twin = sharedKeyList(keys, await holdersOf(keys, params), 30);
      expect(live.hits.map((h) => h.id)).toEqual(twin.map((h) => h.id));
      expect(live.hits.map((h) => h.rank)).toEqual(twin.map((h) => h.rank));
      live.hits.forEach((h, i) => expect(h.score).toBeCloseTo(twin[i]!.score, 9));
      expect(live.rows.map((r) => r.key)).toEqual(live.hits.map((h) => h.id));
      expect(live.rows.every((r) => typeof r.properties.content === "string")).toBe(true);
      // Under the agent's scope only its turns come back; under the tenant's, the other agent's too.
      const owners = new Set(live.rows.map((r) => r.properties.ownerId));
      expect([...owners].sort()).toEqual(params.agentIds ? [agent] : [agent, other].sort());
      expect(live.hits.length).toBeGreaterThanOrEqual(params.agentIds ? 3 : 4);
    }
  });
});

describe("searchMemories with shared keys", () => {
  const search = async (query: string) =>
    ((await ok(gw, SEARCH, { input: { query, agentIds: [agent], limit: 5, explain: true } }, agent)).searchMemories.hits as Hit[]);

  it("fuses the list of turns sharing the query's keys: a turn's fused score is more than its full-text and vector ranks give", async () => {
    const { rrfK, fulltextWeight, vectorWeight } = SHARED_KEYS_RANK_OPTIONS;
    const hit = (await search("Which gallery sold the sunset paintings?")).find((h) => h.sourceRef === "k1")!;
    const fromTwoLists = [[hit.explain.fulltextRank, fulltextWeight], [hit.explain.vectorRank, vectorWeight]].reduce(
      (sum, [rank, weight]) => sum + (rank === null ? 0 : weight! / (rrfK + rank!)),
      0,
    );
    expect(SHARED_KEYS_RANK_OPTIONS.keyWeight).toBeGreaterThan(0);
    expect(hit.explain.fused).toBeGreaterThan(fromTwoLists + 1e-9);
  });

  it("fuses the shared-key list in a search that names no agent too, read under the caller's tenant", async () => {
    const hits = (await ok(gw, SEARCH, { input: { query: "Which gallery sold the sunset paintings?", limit: 5, explain: true } }, agent)).searchMemories.hits as Hit[];
    const hit = hits.find((h) => h.sourceRef === "k1")!;
    const { rrfK, fulltextWeight, vectorWeight } = SHARED_KEYS_RANK_OPTIONS;
    const fromTwoLists = [[hit.explain.fulltextRank, fulltextWeight], [hit.explain.vectorRank, vectorWeight]].reduce(
      (sum, [rank, weight]) => sum + (rank === null ? 0 : weight! / (rrfK + rank!)),
      0,
    );
    expect(hit.explain.fused).toBeGreaterThan(fromTwoLists + 1e-9);
  });
});
