import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Embedder } from "../../../src/core/embedder.js";
import { createEmbedder } from "../../../src/embeddings/createEmbedder.js";
import { startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

// /health's model_loaded is the embedding model's real state: a gateway whose embedding endpoint
// (EMBEDDING_BASE_URL) goes down says so, and says it is back once it answers again. The endpoint is
// a small OpenAI-compatible server of the test's own in front of the suite's local model (real
// vectors, so whatever this gateway's worker embeds meanwhile is embedded right), which the test
// switches off and on. This file runs in the serial tier: its worker embeds whatever is pending.

let gw: TestGateway;
let local: Embedder;
let endpoint: http.Server;
const down = { now: false, requests: 0 };
const me = uniqueAgent("model-loaded");

beforeAll(async () => {
  const base = testConfig();
  local = await createEmbedder(base.embeddings, base.neo4j.cacheDir);
  endpoint = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      down.requests++;
      if (down.now) {
        res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "the model is down" } }));
        return;
      }
      const { input } = JSON.parse(body) as { input: string[] };
      local.embedPassages(input).then(
        (vectors) =>
          res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify({ object: "list", model: "proxy", data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })), usage: { prompt_tokens: 1, total_tokens: 1 } })),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/v1`;
  gw = await startTestGateway(testConfig({ embeddings: { provider: "openai", baseUrl, apiKey: "", model: "proxy", maxTokens: 512 } }), { own: true });
});
afterAll(async () => {
  await gw?.stop();
  await new Promise((resolve) => endpoint?.close(resolve));
  await local?.close();
});

const health = async (path = "/health") => {
  const res = await fetch(gw.url.replace(/\/graphql$/, path));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** /health until `model_loaded` is `expected` (a re-check may still be in its retries), or the last answer after 30 s. */
async function healthUntil(expected: boolean) {
  const deadline = Date.now() + 30_000;
  let last = await health();
  while (last.body.model_loaded !== expected && Date.now() < deadline) last = await health();
  return last;
}

describe("/health's model_loaded follows the embedding model", () => {
  it("is true while the endpoint answers, and it was asked", async () => {
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "healthy", model_loaded: true });
    expect(down.requests).toBeGreaterThan(0);
  });

  it("is false, with /health and /health/ready 503, once an embedding fails; true again when the endpoint is back", async () => {
    down.now = true;
    // A search by meaning embeds its query: the endpoint refuses it.
    await gw.request(`query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { id } } }`, { input: { query: "is the model there?" } }, me);
    const failed = await healthUntil(false);
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ status: "unhealthy", healthy: false, neo4j_connected: true, model_loaded: false });
    const ready = await health("/health/ready");
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: "unavailable", model_loaded: false });

    down.now = false;
    // No traffic: /health's own re-check finds the model back.
    const back = await healthUntil(true);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: "healthy", model_loaded: true });
    expect((await health("/health/ready")).status).toBe(200);
  });
});
