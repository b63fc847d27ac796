/**
 * The local embedding model (the gateway's default, provisioned the same way) behind an
 * OpenAI-compatible `/v1/embeddings`, in a process of its own: the one model service several
 * gateways of `bench:load --gateways N` share through EMBEDDING_BASE_URL, as a deployment that
 * moves the model off the gateways would. Prints `{"port":N}` when it serves.
 *
 * The endpoint cannot tell a search query from a stored passage, so every text is embedded as a
 * passage (BGE's query prefix is not added): the vectors rank a little differently from the
 * gateway's own model, the work per text is the same.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig } from "../../src/config/config.js";
import { createEmbedder } from "../../src/embeddings/createEmbedder.js";

const config = loadConfig(process.env);
const embedder = await createEmbedder(config.embeddings, config.neo4j.cacheDir);

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const server = createServer((req, res) => {
  void body(req)
    .then(async (raw) => {
      const { input, model } = JSON.parse(raw) as { input: string | string[]; model: string };
      const texts = typeof input === "string" ? [input] : input;
      const vectors = await embedder.embedPassages(texts);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })), model, usage: { prompt_tokens: 0, total_tokens: 0 } }));
    })
    .catch((err: unknown) => {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: String(err) } }));
    });
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.closeAllConnections();
    server.close(() => void embedder.close().finally(() => process.exit(0)));
  });
}
