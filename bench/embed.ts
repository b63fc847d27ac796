/**
 * `npm run bench:embed -- [--data <locomo.json>] [--rounds 2] [--threads 2] [--model bge-small-en-v1.5-q]`
 *
 * The embedding model alone, on conversational turns: what bounds the
 * ingestion of a conversation before Neo4j does anything. Each LoCoMo turn is
 * embedded as the worker embeds it: its own text ("own"), and after the turn
 * before it ("joint", the contextual vector), in the worker's batches of 128.
 * Own and joint alternate for `--rounds`, since a shared machine's speed
 * drifts between runs. Prints texts per second of each and the bound on
 * turns per second with both runs per turn (the default, EMBEDDING_CONTEXT=joint)
 * and with one (derived).
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config/config.js";
import { createEmbedder } from "../src/embeddings/createEmbedder.js";
import { embeddingText } from "../src/embeddings/embeddingText.js";
import { EMBEDDING_BATCH_SIZE as BATCH } from "../src/embeddings/embeddingWorker.js";
import { readLocomo, turnContent } from "./locomo/locomoData.js";
import { machineLine } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "../shared/datasets/locomo-dev.json" },
    rounds: { type: "string", default: "2" },
    threads: { type: "string" },
    model: { type: "string" },
  },
});

const samples = await readLocomo(values.data!);
const own: string[] = [];
const joint: string[] = [];
for (const sample of samples) {
  sample.turns.forEach((turn, i) => {
    own.push(turnContent(turn));
    if (i > 0) joint.push(embeddingText([turnContent(sample.turns[i - 1]!), turnContent(turn)]));
  });
}

const config = loadConfig({ ...process.env, ...(values.model ? { EMBEDDING_MODEL: values.model } : {}), ...(values.threads ? { EMBEDDING_THREADS: values.threads } : {}) });
if (config.embeddings.provider !== "local") throw new Error("bench:embed measures the local model: unset EMBEDDING_BASE_URL");
const embedder = await createEmbedder(config.embeddings, config.neo4j.cacheDir);
const machine = machineLine();

async function rate(texts: readonly string[]): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < texts.length; i += BATCH) await embedder.embedPassages(texts.slice(i, i + BATCH));
  return texts.length / ((performance.now() - started) / 1000);
}

try {
  await embedder.embedPassages(own.slice(0, 64)); // the first runs are slow: not measured
  const rates = { own: [] as number[], joint: [] as number[] };
  for (let round = 0; round < Number(values.rounds); round++) {
    rates.own.push(await rate(own));
    rates.joint.push(await rate(joint));
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const [o, j] = [mean(rates.own), mean(rates.joint)];
  const show = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(", ");
  process.stdout.write(
    [
      `Embedding model alone — ${new Date().toISOString().slice(0, 10)}, model ${embedder.model}, ${config.embeddings.threads} threads; ${machine}`,
      `${own.length} turns (own text): ${show(rates.own)} texts/s`,
      `${joint.length} turns after the one before (joint): ${show(rates.joint)} texts/s`,
      `bound on ingestion, both runs per turn (joint): ${(1 / (1 / o + 1 / j)).toFixed(0)} turns/s; one run per turn (derived): ${o.toFixed(0)} turns/s`,
    ].join("\n") + "\n",
  );
} finally {
  await embedder.close();
}
