import { randomUUID } from "node:crypto";
import type { Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { schemaFactsOf } from "../../../src/app/schemaFacts.js";
import type { Embedder } from "../../../src/core/embedder.js";
import { createEmbedder } from "../../../src/embeddings/createEmbedder.js";
import { createEmbeddingWorker } from "../../../src/embeddings/embeddingWorker.js";
import { createDriver } from "../../../src/graph/driver.js";
import { createLogger } from "../../../src/logging/logger.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { testConfig } from "../../support/testGateway.js";

/**
 * The embedding worker keeps the model busy: it reads the next batch while
 * one is embedded and writes it while the one after is embedded. With batches
 * of three over two conversations, every batch boundary is crossed while
 * another batch is in flight: no node may be embedded twice, none left
 * PENDING, and each contextual vector must still be its turn after the one
 * before it.
 */
const memoryType = schemaFactsOf(loadTypeDefs().document).embeddedTypes.find((t) => t.label === "Memory")!;
let driver: Driver;
let embedder: Embedder;

beforeAll(async () => {
  const config = testConfig();
  driver = createDriver(inject("neo4j"));
  embedder = await createEmbedder(config.embeddings, config.neo4j.cacheDir);
}, 120_000);
afterAll(async () => {
  await embedder?.close();
  await driver?.close();
});

describe("the embedding worker's pipeline", () => {
  it("embeds every turn once, in batches read ahead of the model, each after the turn before it", async () => {
    const tenantId = `worker-${randomUUID()}`;
    const turns = [
      ...Array.from({ length: 10 }, (_, i) => ({ id: `a${i}`, conversationId: "a", at: i, content: `Ana, turn ${i}: the hike on day ${i} went past lake number ${i * 7}.` })),
      ...Array.from({ length: 4 }, (_, i) => ({ id: `b${i}`, conversationId: "b", at: i, content: `Bo, turn ${i}: the bakery sold ${i * 3 + 1} loaves of rye.` })),
    ];
    const rows = turns.map((t) => ({ ...t, occurredAt: new Date(Date.UTC(2026, 0, 1, 0, t.at)).toISOString() }));
    await driver.executeQuery(
      `UNWIND $turns AS t
       CREATE (:Memory {tenantId: $tenantId, ownerId: 'worker-agent', id: t.id, type: 'INTERACTION', content: t.content,
               conversationId: t.conversationId, occurredAt: datetime(t.occurredAt),
               createdAt: datetime(), embeddingStatus: 'PENDING'})`,
      { tenantId, turns: rows },
    );
    const ours = new Set(turns.map((t) => t.content));
    const embeddedTexts: string[] = [];
    const counting: Embedder = {
      ...embedder,
      embedPassages: (texts) => {
        embeddedTexts.push(...texts.filter((text) => [...ours].some((c) => text.includes(c))));
        return embedder.embedPassages(texts);
      },
    };
    const worker = createEmbeddingWorker({ driver, database: "neo4j", embedder: counting, contextMode: "joint", types: [memoryType], logger: createLogger({ logLevel: "silent" }), batchSize: 3, keys: true });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }

    const { records } = await driver.executeQuery(
      `MATCH (m:Memory {tenantId: $tenantId}) RETURN m.id AS id, m.embeddingStatus AS status, m.embedding AS own, m.contextEmbedding AS context, m.keys AS keys ORDER BY id`,
      { tenantId },
    );
    await driver.executeQuery("MATCH (m:Memory {tenantId: $tenantId}) DETACH DELETE m", { tenantId });
    const stored = new Map(records.map((r) => [r.get("id") as string, { status: r.get("status"), own: r.get("own") as number[], context: r.get("context") as number[] | null, keys: r.get("keys") as string[] }]));

    expect([...stored.values()].map((s) => s.status)).toEqual(turns.map(() => "READY"));
    // Each turn's own text once, and each turn but a conversation's first once more, after its predecessor.
    const firsts = turns.filter((t) => t.at === 0).length;
    expect(embeddedTexts).toHaveLength(turns.length * 2 - firsts);
    expect(new Set(embeddedTexts).size).toBe(embeddedTexts.length);

    const joint = turns.filter((t) => t.at > 0).map((t) => `${turns.find((p) => p.conversationId === t.conversationId && p.at === t.at - 1)!.content}\n${t.content}`);
    const expected = await embedder.embedPassages(joint);
    turns
      .filter((t) => t.at > 0)
      .forEach((t, i) => {
        const context = stored.get(t.id)!.context!;
        // Quantised vectors depend slightly on the batch they were run in: near, not equal.
        expect(context.reduce((sum, x, k) => sum + x * expected[i]![k]!, 0)).toBeGreaterThan(0.97);
      });
    for (const t of turns.filter((t) => t.at === 0)) expect(stored.get(t.id)!.context).toBeNull();
    expect(stored.get("b1")!.keys).toEqual(expect.arrayContaining(["bakery", "loaf"]));
  }, 120_000);

  it("embeds the rest of a label when a node of it has no tenantId or id (a node written by hand), instead of failing every pass on it", async () => {
    // A label of this test's own (with the two indexes the worker's statements seek), so no other test's worker meets its nodes.
    const label = `WorkerScratch${randomUUID().replaceAll("-", "")}`;
    await driver.executeQuery(`CREATE INDEX ${label}_status FOR (n:${label}) ON (n.embeddingStatus)`);
    await driver.executeQuery(`CREATE INDEX ${label}_key FOR (n:${label}) ON (n.tenantId, n.id)`);
    await driver.executeQuery("CALL db.awaitIndexes(60)");
    await driver.executeQuery(
      `CREATE (:${label} {id: 'no-tenant', content: 'written by hand without its tenant', embeddingStatus: 'PENDING'}),
              (:${label} {tenantId: 't', content: 'written by hand without its id', embeddingStatus: 'PENDING'}),
              (:${label} {tenantId: 't', id: 'fine', content: 'the hike went past the lake', embeddingStatus: 'PENDING'})`,
    );
    const worker = createEmbeddingWorker({ driver, database: "neo4j", embedder, contextMode: "single", types: [{ label, fields: ["content"] }], logger: createLogger({ logLevel: "silent" }), batchSize: 2 });
    try {
      // Polls until the good node is embedded: without the guard every pass failed on the first two and it never was.
      let status: unknown = "PENDING";
      for (let i = 0; i < 40 && status !== "READY"; i++) {
        await worker.drain().catch(() => {});
        const { records } = await driver.executeQuery(`MATCH (n:${label} {id: 'fine'}) RETURN n.embeddingStatus AS status`);
        status = records[0]!.get("status");
        if (status !== "READY") await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe("READY");
    } finally {
      await worker.stop();
      await driver.executeQuery(`MATCH (n:${label}) DETACH DELETE n`);
      await driver.executeQuery(`DROP INDEX ${label}_status`);
      await driver.executeQuery(`DROP INDEX ${label}_key`);
    }
  }, 120_000);
});
