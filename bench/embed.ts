/**
 * `npm run bench:embed -- [--dataset locomo|beam] [--data <locomo.json | BEAM/chats/100K>] [--conversations a,b]
 *   [--rounds 2] [--threads 2] [--model bge-small-en-v1.5-q]`
 *
 * The embedding model alone, on conversational turns: what bounds the
 * ingestion of a conversation before Neo4j does anything. Each turn (LoCoMo's,
 * or BEAM's long user-assistant messages, cut as bench:locomo stores them) is
 * embedded as the worker embeds it (embedBatch.ts, longText.ts), in the
 * worker's batches of 128: its own text ("own"; a text longer than the model's
 * window as its passages), and the end of the turn before it then the turn
 * ("contextual"). The three ways the worker makes a
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
import { readsContext } from "../src/embeddings/embedBatch.js";
import { longTextParts } from "../src/embeddings/longText.js";
import { wordCount } from "../src/embeddings/wordCount.js";
import { EMBEDDING_BATCH_SIZE as BATCH } from "../src/embeddings/embeddingWorker.js";
import { MAX_CONTENT, readBeam } from "./locomo/beamData.js";
import { readLocomo, turnContent, type LocomoTurn } from "./locomo/locomoData.js";
import { machineLine } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    dataset: { type: "string", default: "locomo" },
    data: { type: "string" },
    conversations: { type: "string" },
    rounds: { type: "string", default: "2" },
    threads: { type: "string" },
    model: { type: "string" },
  },
});

if (values.dataset !== "locomo" && values.dataset !== "beam") throw new Error(`--dataset is locomo or beam, got ${values.dataset}`);
const loaded = values.dataset === "beam" ? await readBeam(values.data ?? "../BEAM/chats/100K") : await readLocomo(values.data ?? "../shared/datasets/locomo-dev.json");
const samples = loaded.filter((s) => !values.conversations || values.conversations.split(",").includes(s.sampleId));

const config = loadConfig({ ...process.env, ...(values.model ? { EMBEDDING_MODEL: values.model } : {}), ...(values.threads ? { EMBEDDING_THREADS: values.threads } : {}) });
if (config.embeddings.provider !== "local") throw new Error("bench:embed measures the local model: unset EMBEDDING_BASE_URL");
const embedder = await createEmbedder(config.embeddings, config.neo4j.cacheDir);
const machine = machineLine();

/** A turn's text as bench:locomo stores it. */
const stored = (turn: LocomoTurn) => embeddingText([turnContent(turn).slice(0, MAX_CONTENT)]);
/** Each turn's own texts (its passages when too long for the model), its contextual text (null for a conversation's first), and the words of the turn before. */
const turns = samples.flatMap((sample) =>
  sample.turns.map((turn, i) => {
    const text = stored(turn);
    const before = i > 0 ? stored(sample.turns[i - 1]!) : "";
    const parts = longTextParts(text, before, embedder.window);
    const ownTexts = parts.passages.length > 0 ? parts.passages.map((p) => p.text) : [text];
    const priorWords = before ? wordCount(before) : null;
    return { ownTexts, context: before ? parts.context : null, readsContext: readsContext({ context: parts.context, text, priorWords }) };
  }),
);
const own = turns.flatMap((t) => t.ownTexts);
const contextual = turns.flatMap((t) => (t.context ? [t.context] : []));
// As embedBatch.ts's singleVectors: the contextual text where search reads it alone, the own texts elsewhere, and a long text's passages always.
const single = turns.flatMap((t) => [...(t.readsContext ? [t.context!] : []), ...(!t.readsContext || t.ownTexts.length > 1 ? t.ownTexts : [])]);

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
      `Embedding model alone — ${new Date().toISOString().slice(0, 10)}, model ${embedder.model}, ${config.embeddings.threads} threads, ${n} turns of ${samples.map((s) => s.sampleId).join(", ")}; ${machine}`,
      `${own.length} own texts (a long turn's passages each one): ${rates("own")} texts/s`,
      `${contextual.length} contextual texts (the end of the turn before, then the turn): ${rates("contextual")} texts/s`,
      `${single.length} texts of one run a turn: ${rates("single")} texts/s`,
      `bound on ingestion, turns/s (model CPU per turn): joint ${(n / (wall("own") + wall("contextual"))).toFixed(1)} (${ms(cpu("own") + cpu("contextual"))}); derived ${(n / wall("own")).toFixed(1)} (${ms(cpu("own"))}); single ${(n / wall("single")).toFixed(1)} (${ms(cpu("single"))})`,
    ].join("\n") + "\n",
  );
} finally {
  await embedder.close();
}
