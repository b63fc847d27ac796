import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiEmbedder } from "../../../src/embeddings/openAiEmbedder.js";

/** A scripted OpenAI-compatible /embeddings endpoint: answers `dims`-sized vectors, records requests. */
let server: Server;
let baseUrl: string;
let dims = 384;
const requests: { model: string; input: string[]; dimensions?: number }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const parsed = JSON.parse(body) as { model: string; input: string[]; dimensions?: number };
      requests.push(parsed);
      // Answer out of order: the client must sort by index.
      const data = parsed.input.map((_, index) => ({ object: "embedding", index, embedding: Array.from({ length: dims }, (_, d) => (d === index % dims ? 1 : 0)) })).reverse();
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ object: "list", data, model: parsed.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("OpenAI-compatible embeddings", () => {
  it("asks for 384 dimensions, batches, and returns vectors in input order", async () => {
    dims = 384;
    const embedder = createOpenAiEmbedder({ baseUrl, apiKey: "k", model: "text-embedding-3-small" });
    const texts = Array.from({ length: 130 }, (_, i) => `text ${i}`);
    const vectors = await embedder.embedPassages(texts);
    expect(vectors).toHaveLength(130);
    expect(vectors[5]!.indexOf(1)).toBe(5);
    expect(requests.at(-1)).toMatchObject({ model: "text-embedding-3-small", dimensions: 384 });
    expect(requests.slice(-2).map((r) => r.input.length)).toEqual([128, 2]);
    expect(embedder.model).toBe("openai:text-embedding-3-small");
  });

  it("refuses vectors of another size, naming the endpoint and the sizes", async () => {
    dims = 1536;
    const embedder = createOpenAiEmbedder({ baseUrl, apiKey: "", model: "big-model" });
    await expect(embedder.embedQueries(["x"])).rejects.toThrow(/1536 dimensions; 1 of 384 are needed/);
  });
});
