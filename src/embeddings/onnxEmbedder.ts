import { readFile } from "node:fs/promises";
import { Tokenizer } from "@huggingface/tokenizers";
import type { Embedder } from "../core/embedder.js";
import type { LocalModelSpec } from "../config/embeddingModels.js";
import { poolAndNormalize } from "./pooling.js";
import { startOnnxSession, type OnnxFeed } from "./onnxSession.js";
import type { ModelFiles } from "./provisionModel.js";

/** Texts per ONNX run: large enough to amortise the call, small enough to keep padding cheap. */
const BATCH_SIZE = 32;

/**
 * Runs a local BERT sentence-embedding model with onnxruntime-node, on a
 * thread of its own (onnxSession.ts): onnxruntime's `session.run` holds the
 * thread that calls it, so on the event loop it stalled every request while
 * it ran. Tokenisation and pooling stay here; they are cheap. Runs are
 * serialised: one ONNX session uses both cores already.
 */
export async function createOnnxEmbedder(spec: LocalModelSpec, files: ModelFiles, threads = 2, spinning = false): Promise<Embedder> {
  const tokenizer = new Tokenizer(JSON.parse(await readFile(files.tokenizerPath, "utf8")) as object, {});
  const session = await startOnnxSession(files.onnxPath, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: "all",
    // onnxruntime's threads spin for a while after each run, waiting for the next: a query embedded alone
    // cost 12.5 ms of CPU with spinning, 5 ms without (+1 ms of wall time), CPU the gateway and Neo4j share.
    ...(spinning ? {} : { extra: { "session.intra_op.allow_spinning": "0", "session.inter_op.allow_spinning": "0" } }),
  });
  const needsTypeIds = session.inputNames.includes("token_type_ids");
  let queue: Promise<unknown> = Promise.resolve();

  function encode(text: string): number[] {
    const { ids } = tokenizer.encode(text);
    // Keep [CLS] … and the final [SEP] when a text is longer than the model takes.
    return ids.length <= spec.maxTokens ? ids : [...ids.slice(0, spec.maxTokens - 1), ids[ids.length - 1]!];
  }

  async function runBatch(encoded: readonly number[][]): Promise<number[][]> {
    const width = Math.max(...encoded.map((ids) => ids.length));
    const mask = encoded.map((ids) => Array.from({ length: width }, (_, j) => (j < ids.length ? 1 : 0)));
    const tensor = (value: (row: number, col: number) => number): OnnxFeed => ({
      data: BigInt64Array.from({ length: encoded.length * width }, (_, k) => BigInt(value(Math.floor(k / width), k % width))),
      dims: [encoded.length, width],
    });
    const feeds: Record<string, OnnxFeed> = {
      input_ids: tensor((r, c) => encoded[r]![c] ?? 0),
      attention_mask: tensor((r, c) => mask[r]![c]!),
    };
    if (needsTypeIds) feeds.token_type_ids = tensor(() => 0);
    const hidden = await session.run(feeds);
    return poolAndNormalize(hidden.data, hidden.dims as [number, number, number], mask, spec.pooling);
  }

  /**
   * Batches texts of similar length together (a batch is padded to its
   * longest text, so mixing a 5-token and a 300-token text wastes work), and
   * returns the vectors in the order of the texts.
   */
  async function embed(texts: readonly string[]): Promise<number[][]> {
    const encoded = texts.map(encode);
    const order = encoded.map((_, i) => i).sort((a, b) => encoded[a]!.length - encoded[b]!.length);
    const vectors: number[][] = new Array<number[]>(texts.length);
    for (let i = 0; i < order.length; i += BATCH_SIZE) {
      const indices = order.slice(i, i + BATCH_SIZE);
      const run = queue.then(() => runBatch(indices.map((k) => encoded[k]!)));
      queue = run.catch(() => undefined);
      (await run).forEach((vector, j) => (vectors[indices[j]!] = vector));
    }
    return vectors;
  }

  return {
    model: spec.name,
    dimensions: 384,
    embedPassages: (texts) => embed(texts),
    embedQueries: (texts) => embed(texts.map((t) => spec.queryPrefix + t)),
    close: () => session.release(),
  };
}
