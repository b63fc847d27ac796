/**
 * `npm run bench:recontext -- --features in.json --context tail:32 [--single] --out out.json`
 *
 * The features of a live `bench:locomo --folds … --features in.json` run with
 * each turn's contextual vector made another way, for the folds to compare
 * (issue #47: one model run per turn, a shorter contextual text). The
 * full-text lists, the questions' vectors and the own vectors are kept; only
 * what the worker would store for the context changes:
 *
 * - `tail:N`: the last N tokens of the turn before, then the turn, embedded
 *   by the model (`tail:64` is what the worker embeds today:
 *   CONTEXT_TAIL_TOKENS; recomputing it checks the replay against the stored
 *   vectors, which the bench prints);
 * - `sentence`: the last sentence of the turn before (at most 64 tokens);
 * - `derived`: no model run, the two own vectors added (EMBEDDING_CONTEXT=derived);
 * - `stored`: the contextual vectors as collected (with `--single`);
 * - `--single`: one stored vector per turn, the one the shipped ranking reads
 *   (contextWeight 1, afterLongContextWeight 0): the contextual one, or the
 *   own one for a turn after a long one or with none before. The folds can
 *   then tune no mix of the two.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config/config.js";
import { createEmbedder } from "../src/embeddings/createEmbedder.js";
import { contextVector } from "../src/embeddings/contextVector.js";
import { embeddingText } from "../src/embeddings/embeddingText.js";
import { CONTEXT_TAIL_TOKENS, textTail } from "../src/embeddings/longText.js";
import { wordCount } from "../src/embeddings/wordCount.js";
import { contextWeightOf } from "../src/search/ranking/candidatePool.js";
import { SHARED_KEYS_RANK_OPTIONS } from "../src/search/ranking/rankCandidates.js";
import type { Embedder } from "../src/core/embedder.js";
import { loadFeatures, saveFeatures, type TurnFeatures } from "./locomo/features.js";
import { machineLine } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    features: { type: "string" },
    context: { type: "string", default: `tail:${CONTEXT_TAIL_TOKENS}` },
    single: { type: "boolean", default: false },
    out: { type: "string" },
  },
});
if (!values.features || !values.out) throw new Error("--features <in.json> and --out <out.json> are required");
const mode = values.context!;
if (!/^(tail:\d+|sentence|derived|stored)$/.test(mode)) throw new Error(`--context is tail:<tokens>, sentence, derived or stored, got ${mode}`);

const sentences = new Intl.Segmenter("en", { granularity: "sentence" });
/** The last sentence of a text, at most `tokens` long. */
const lastSentence = (text: string, tokens: number, count: (t: string) => number) => textTail([...sentences.segment(text)].at(-1)?.segment.trim() ?? "", tokens, count);

/** The contextual text of `turn` after `before`, as the worker would embed it in this mode. */
function contextText(embedder: Embedder, before: TurnFeatures, turn: TurnFeatures): string {
  const window = embedder.window!;
  const previous = embeddingText([before.content]);
  const tail = mode === "sentence" ? lastSentence(previous, CONTEXT_TAIL_TOKENS, window.countTokens) : textTail(previous, Number(mode.slice(5)), window.countTokens);
  const text = embeddingText([turn.content]);
  return tail ? `${tail}\n${text}` : text;
}

const cosine = (a: readonly number[], b: readonly number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

const features = await loadFeatures(values.features);
const config = loadConfig(process.env);
const embedder = mode === "derived" || mode === "stored" ? null : await createEmbedder(config.embeddings, config.neo4j.cacheDir);
const started = performance.now();
const cpuStart = process.cpuUsage();
let runs = 0;
const agreement: number[] = [];
try {
  for (const conv of features) {
    const turns = conv.turns;
    const contexts: (number[] | null)[] =
      mode === "stored"
        ? turns.map((t) => t.context)
        : embedder === null
        ? turns.map((t, i) => (i > 0 ? contextVector(t.own, turns[i - 1]!.own) : null))
        : [null, ...(await embedder.embedPassages(turns.slice(1).map((t, i) => contextText(embedder, turns[i]!, t))))];
    runs += embedder ? turns.length - 1 : 0;
    turns.forEach((t, i) => {
      if (t.context && contexts[i] && mode === `tail:${CONTEXT_TAIL_TOKENS}`) agreement.push(cosine(t.context, contexts[i]!));
      t.context = contexts[i]!;
    });
    if (values.single) conv.turns = turns.map((t, i) => single(t, i > 0 ? wordCount(turns[i - 1]!.content) : null));
  }
} finally {
  await embedder?.close();
}

/** The one vector the shipped ranking reads of a turn, as its own (it then has no contextual one). */
function single(t: TurnFeatures, priorWords: number | null): TurnFeatures {
  const weight = contextWeightOf(priorWords, SHARED_KEYS_RANK_OPTIONS);
  if (weight !== 0 && weight !== 1) throw new Error(`--single needs the shipped context weights to be 0 or 1, got ${weight}`);
  return { ...t, own: weight === 1 && t.context ? t.context : t.own, context: null };
}

await saveFeatures(values.out, features);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStart);
const lines = [
  `recontext ${mode}${values.single ? ", single" : ""} — ${new Date().toISOString().slice(0, 10)}; ${machineLine()}`,
  `${features.length} conversations, ${features.reduce((s, c) => s + c.turns.length, 0)} turns, ${runs} model runs in ${seconds.toFixed(1)} s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s)`,
];
if (agreement.length > 0) lines.push(`against the stored contextual vectors: cosine min ${Math.min(...agreement).toFixed(6)}, mean ${(agreement.reduce((s, x) => s + x, 0) / agreement.length).toFixed(6)}`);
process.stdout.write(`${lines.join("\n")}\n`);
