import { readFile } from "node:fs/promises";
import { Tokenizer } from "@huggingface/tokenizers";
import type { Embedder } from "../core/embedder.js";
import type { LocalModelSpec } from "../config/embeddingModels.js";
import { poolAndNormalize } from "./pooling.js";
import { startOnnxSession, type OnnxFeed } from "./onnxSession.js";
import type { ModelFiles } from "./provisionModel.js";


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

  /** One text per run, so no padding: `attention_mask` is all ones. */
  async function runOne(ids: readonly number[]): Promise<number[]> {
    const feed = (value: (k: number) => number): OnnxFeed => ({ data: BigInt64Array.from({ length: ids.length }, (_, k) => BigInt(value(k))), dims: [1, ids.length] });
    const feeds: Record<string, OnnxFeed> = { input_ids: feed((k) => ids[k]!), attention_mask: feed(() => 1) };
    if (needsTypeIds) feeds.token_type_ids = feed(() => 0);
    const hidden = await session.run(feeds);
    return poolAndNormalize(hidden.data, hidden.dims as [number, number, number], [ids.map(() => 1)], spec.pooling)[0]!;
  }

  /**
   * Embeds each text in a run of its own. The quantized models scale their
   * activations over the whole input tensor, so a text run beside others got
   * a vector that depended on them: the same turn differed by up to 0.008 in
   * cosine from one ingest to the next, and a stored text did not match
   * itself embedded alone as a query. Runs of one are also cheaper here
   * (LoCoMo turns, runs of 32 against runs of 1, alternated: 33–35 against
   * 22–28 ms of CPU per text; turns after the turn before: 63–65 against
   * 45 ms; docs/benchmarks.md). Runs are serialised on the model's thread.
   */
  async function embed(texts: readonly string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    for (const text of texts) {
      const ids = encode(text);
      const run = queue.then(() => runOne(ids));
      queue = run.catch(() => undefined);
      vectors.push(await run);
    }
    return vectors;
  }

  return {
    model: spec.name,
    dimensions: 384,
    // [CLS] and [SEP] take two of the model's tokens.
    window: { maxTokens: spec.maxTokens - 2, countTokens: (text) => tokenizer.encode(text, { add_special_tokens: false }).ids.length },
    embedPassages: (texts) => embed(texts),
    embedQueries: (texts) => embed(texts.map((t) => spec.queryPrefix + t)),
    close: () => session.release(),
  };
}
