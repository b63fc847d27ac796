import { describe, expect, it } from "vitest";
import type { Embedder } from "../../../src/core/embedder.js";
import { withCachedQueries } from "../../../src/embeddings/cachedQueries.js";

/** An embedder that counts what it is asked, and can be told to fail once. */
function countingEmbedder() {
  const asked: string[][] = [];
  let failNext = false;
  const embedder: Embedder = {
    model: "counting",
    dimensions: 2,
    embedPassages: async (texts) => texts.map((t) => [t.length, 0]),
    async embedQueries(texts) {
      asked.push([...texts]);
      await new Promise((r) => setTimeout(r, 5));
      if (failNext) {
        failNext = false;
        throw new Error("model down");
      }
      return texts.map((t) => [t.length, 1]);
    },
    close: async () => {},
  };
  return { embedder, asked, failOnce: () => (failNext = true) };
}

describe("withCachedQueries", () => {
  it("embeds a query once, for concurrent and later callers alike", async () => {
    const { embedder, asked } = countingEmbedder();
    const cached = withCachedQueries(embedder);
    const [a, b] = await Promise.all([cached.embedQueries(["who knows python"]), cached.embedQueries(["who knows python"])]);
    const c = await cached.embedQueries(["who knows python"]);
    expect(a).toEqual([[16, 1]]);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(asked).toEqual([["who knows python"]]);
  });

  it("batches new texts in one call, keeps order, and reuses known ones", async () => {
    const { embedder, asked } = countingEmbedder();
    const cached = withCachedQueries(embedder);
    await cached.embedQueries(["a"]);
    expect(await cached.embedQueries(["bb", "a", "ccc"])).toEqual([[2, 1], [1, 1], [3, 1]]);
    expect(asked).toEqual([["a"], ["bb", "ccc"]]);
  });

  it("does not remember a failure, and gives each caller its own copy", async () => {
    const { embedder, asked, failOnce } = countingEmbedder();
    const cached = withCachedQueries(embedder);
    failOnce();
    await expect(cached.embedQueries(["x"])).rejects.toThrow("model down");
    const [v] = await cached.embedQueries(["x"]);
    v![0] = 99;
    expect(await cached.embedQueries(["x"])).toEqual([[1, 1]]);
    expect(asked).toEqual([["x"], ["x"]]);
  });

  it("leaves passages alone", async () => {
    const { embedder, asked } = countingEmbedder();
    const cached = withCachedQueries(embedder);
    expect(await cached.embedPassages(["abc"])).toEqual([[3, 0]]);
    expect(asked).toEqual([]);
  });
});
