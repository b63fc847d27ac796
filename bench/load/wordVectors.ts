import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { seededRandom } from "../support/seededRandom.js";

const DIMENSIONS = 384;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * An OpenAI-compatible `/embeddings` endpoint that runs no model, for
 * `bench:load --model-elsewhere`: what the mix costs this machine when the
 * embedding model runs somewhere else (EMBEDDING_BASE_URL pointing at a GPU
 * service). Each word has a fixed pseudo-random direction; a text's vector is
 * the normalised sum of its words', so texts that share words are close and the
 * vector indexes see neighbourhoods, not noise. Not a model: no meaning beyond
 * shared words. It runs in the benchmark's process, whose CPU the report shows.
 */
export async function startWordVectors(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const words = new Map<string, Float32Array>();
  const direction = (word: string): Float32Array => {
    let found = words.get(word);
    if (!found) {
      let seed = 2166136261;
      for (let i = 0; i < word.length; i++) seed = Math.imul(seed ^ word.charCodeAt(i), 16777619);
      const random = seededRandom(seed >>> 0);
      found = Float32Array.from({ length: DIMENSIONS }, () => random() * 2 - 1);
      if (words.size > 200_000) words.clear();
      words.set(word, found);
    }
    return found;
  };
  const vectorOf = (text: string): number[] => {
    const sum = new Float64Array(DIMENSIONS);
    for (const word of text.toLowerCase().match(WORD) ?? [""]) direction(word).forEach((x, i) => (sum[i] = sum[i]! + x));
    const norm = Math.hypot(...sum) || 1;
    return Array.from(sum, (x) => x / norm);
  };

  const server = createServer((req, res) => {
    void body(req).then(
      (raw) => {
        const { input, model } = JSON.parse(raw) as { input: string | string[]; model: string };
        const texts = typeof input === "string" ? [input] : input;
        const data = texts.map((text, index) => ({ object: "embedding", index, embedding: vectorOf(text) }));
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ object: "list", data, model, usage: { prompt_tokens: 0, total_tokens: 0 } }));
      },
      (err: unknown) => {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: String(err) } }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
