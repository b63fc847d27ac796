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

  it("leaves the event loop turning while the model runs, and gives each text the vector it gets alone", async () => {
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

    // 96 runs: on the event loop, each run would allow the loop one turn.
    expect(turns).toBeGreaterThan(30);
    expect(vectors).toHaveLength(texts.length);
    // Each vector comes back in its text's place, and is the one the text gets alone: what a text is
    // embedded beside does not change its vector (the quantized model's scale once spanned the batch).
    const [alone] = await embedder.embedPassages([texts[5]!]);
    expect(vectors[5]).toEqual(alone);
  });

  it("gives a text the same vector whatever it is embedded with, so a turn gets one vector in every ingest", async () => {
    const turn = "Caroline went to the LGBTQ support group on Tuesday and felt accepted.";
    const short = ["ok", "sure, see you then"];
    const long = [`${"The squad's release notes, the deploy calendar and the game agent's route through the cave. ".repeat(6)}`];
    const [a] = await embedder.embedPassages([turn]);
    const withShort = await embedder.embedPassages([...short, turn]);
    const withLong = await embedder.embedPassages([...long, turn, ...long]);
    expect(withShort[2]).toEqual(a);
    expect(withLong[1]).toEqual(a);
  });

  it("answers a query that comes during a long call after the run in progress, not after the whole call", async () => {
    const texts = Array.from({ length: 160 }, (_, i) => `Round ${i}: the game agent walked north through the tall grass, met a trainer and lost a battle. `.repeat(4));
    const finished: string[] = [];
    const passages = embedder.embedPassages(texts).then(() => finished.push("passages"));
    const query = embedder.embedQueries(["what did the game agent lose?"]).then(() => finished.push("query"));
    await Promise.all([passages, query]);
    // 160 runs: the query runs after the one in progress, ahead of the rest.
    expect(finished).toEqual(["query", "passages"]);
  });

  it("refuses with a clear error once closed, instead of waiting for a thread that is gone", async () => {
    const config = testConfig();
    const closed = await createEmbedder(config.embeddings, config.neo4j.cacheDir);
    await closed.close();
    await expect(closed.embedPassages(["after the close"])).rejects.toThrow(/ONNX model's thread stopped/);
  });
});
