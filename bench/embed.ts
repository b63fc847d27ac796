/**
 * `npm run bench:embed -- [--data <locomo.json>] [--rounds 2] [--threads 2] [--model bge-small-en-v1.5-q]`
 *
 * The embedding model alone, on conversational turns: what bounds the
 * ingestion of a conversation before Neo4j does anything. Each LoCoMo turn is
 * embedded as the worker embeds it (embedBatch.ts, longText.ts), in the
 * worker's batches of 128: its own text ("own"), and the end of the turn
 * before it then the turn ("contextual"). The three ways the worker makes a
 * turn's vectors (EMBEDDING_CONTEXT) are bounded by: `joint` both runs,
 * `derived` the own run, `single` one run, contextual where search reads the
 * contextual vector alone (after a turn of at most CONTEXT_AFTER_WORDS words),
 * own elsewhere. The kinds of text alternate for `--rounds`, since a shared
 * machine's speed drifts between runs; each pass's CPU (this process: the
 * model's thread included) is counted too.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config/config.js";
import { createEmbedder } from "../src/embeddings/createEmbedder.js";
import { embeddingText } from "../src/embeddings/embeddingText.js";
import { CONTEXT_AFTER_WORDS, longTextParts } from "../src/embeddings/longText.js";
import { wordCount } from "../src/embeddings/wordCount.js";
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

const config = loadConfig({ ...process.env, ...(values.model ? { EMBEDDING_MODEL: values.model } : {}), ...(values.threads ? { EMBEDDING_THREADS: values.threads } : {}) });
if (config.embeddings.provider !== "local") throw new Error("bench:embed measures the local model: unset EMBEDDING_BASE_URL");
const embedder = await createEmbedder(config.embeddings, config.neo4j.cacheDir);
const machine = machineLine();

/** Each turn's own text, its contextual text (null for a conversation's first), and the words of the turn before. */
const turns = samples.flatMap((sample) =>
  sample.turns.map((turn, i) => {
    const text = embeddingText([turnContent(turn)]);
    const before = i > 0 ? embeddingText([turnContent(sample.turns[i - 1]!)]) : "";
    return { text, context: before ? longTextParts(text, before, embedder.window).context : null, priorWords: before ? wordCount(before) : null };
  }),
);
const own = turns.map((t) => t.text);
const contextual = turns.flatMap((t) => (t.context ? [t.context] : []));
const single = turns.map((t) => (t.context && t.priorWords! <= CONTEXT_AFTER_WORDS ? t.context : t.text));

/** Seconds of wall and of CPU (this process, the model's thread included) to embed `texts` as the worker does. */
async function pass(texts: readonly string[]): Promise<{ wall: number; cpu: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < texts.length; i += BATCH) await embedder.embedPassages(texts.slice(i, i + BATCH));
  const used = process.cpuUsage(cpu);
  return { wall: (performance.now() - started) / 1000, cpu: (used.user + used.system) / 1e6 };
}

try {
  await embedder.embedPassages(own.slice(0, 64)); // the first runs are slow: not measured
  const kinds = { own, contextual, single };
  const passes = { own: [] as { wall: number; cpu: number }[], contextual: [] as { wall: number; cpu: number }[], single: [] as { wall: number; cpu: number }[] };
  for (let round = 0; round < Number(values.rounds); round++) for (const kind of ["own", "contextual", "single"] as const) passes[kind].push(await pass(kinds[kind]));
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const wall = (kind: keyof typeof passes) => mean(passes[kind].map((p) => p.wall));
  const cpu = (kind: keyof typeof passes) => mean(passes[kind].map((p) => p.cpu));
  const rates = (kind: keyof typeof passes) => passes[kind].map((p) => (kinds[kind].length / p.wall).toFixed(0)).join(", ");
  const n = turns.length;
  const ms = (seconds: number) => `${((seconds * 1000) / n).toFixed(1)} ms`;
  process.stdout.write(
    [
      `Embedding model alone — ${new Date().toISOString().slice(0, 10)}, model ${embedder.model}, ${config.embeddings.threads} threads; ${machine}`,
      `${own.length} own texts: ${rates("own")} texts/s`,
      `${contextual.length} contextual texts (the end of the turn before, then the turn): ${rates("contextual")} texts/s`,
      `${single.length} texts of one run a turn: ${rates("single")} texts/s`,
      `bound on ingestion, turns/s (model CPU per turn): joint ${(n / (wall("own") + wall("contextual"))).toFixed(0)} (${ms(cpu("own") + cpu("contextual"))}); derived ${(n / wall("own")).toFixed(0)} (${ms(cpu("own"))}); single ${(n / wall("single")).toFixed(0)} (${ms(cpu("single"))})`,
    ].join("\n") + "\n",
  );
} finally {
  await embedder.close();
}
