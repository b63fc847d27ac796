import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Embedder } from "../../../src/core/embedder.js";
import { createEmbedder } from "../../../src/embeddings/createEmbedder.js";
import { testConfig } from "../../support/testGateway.js";

/**
 * The local model runs on a thread of its own: onnxruntime-node's `run` holds
 * the thread that calls it, and on the gateway's event loop every embedding
 * stalled every request in flight.
 */
describe("the local embedding model's thread", () => {
  let embedder: Embedder;
  beforeAll(async () => {
    const config = testConfig();
    embedder = await createEmbedder(config.embeddings, config.neo4j.cacheDir);
  }, 120_000);
  afterAll(async () => {
    await embedder?.close();
  });

  it("leaves the event loop turning while the model runs, and gives the same vectors as one text at a time", async () => {
    const texts = Array.from({ length: 96 }, (_, i) =>
      `Memory ${i}: the squad talked about the release plan, the flaky deploy on Friday, who owns the database migration and what the game agent learned in round ${i}.`.repeat(3),
    );
    let turns = 0;
    let embedding = true;
    const spin = () => {
      turns++;
      if (embedding) setImmediate(spin);
    };
    setImmediate(spin);
    const vectors = await embedder.embedPassages(texts);
    embedding = false;

    // Three batches of 32: run on the event loop, each batch would allow the loop one turn.
    expect(turns).toBeGreaterThan(30);
    expect(vectors).toHaveLength(texts.length);
    // Each vector comes back in its text's place: the one text embedded alone is nearest its own.
    const [alone] = await embedder.embedPassages([texts[5]!]);
    const dots = vectors.map((v) => v.reduce((sum, x, k) => sum + x * alone![k]!, 0));
    expect(dots.indexOf(Math.max(...dots))).toBe(5);
    expect(dots[5]).toBeGreaterThan(0.99);
  });

  it("answers a query that comes during a long call after the batch in progress, not after the whole call", async () => {
    const texts = Array.from({ length: 160 }, (_, i) => `Round ${i}: the game agent walked north through the tall grass, met a trainer and lost a battle. `.repeat(4));
    const finished: string[] = [];
    const passages = embedder.embedPassages(texts).then(() => finished.push("passages"));
    const query = embedder.embedQueries(["what did the game agent lose?"]).then(() => finished.push("query"));
    await Promise.all([passages, query]);
    // Five batches of 32: the query runs after the first, ahead of the other four.
    expect(finished).toEqual(["query", "passages"]);
  });

  it("refuses with a clear error once closed, instead of waiting for a thread that is gone", async () => {
    const config = testConfig();
    const closed = await createEmbedder(config.embeddings, config.neo4j.cacheDir);
    await closed.close();
    await expect(closed.embedPassages(["after the close"])).rejects.toThrow(/ONNX model's thread stopped/);
  });
});
