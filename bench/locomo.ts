/**
 * `npm run bench:locomo -- [--data <locomo.json>] [--conversations conv-26,conv-30] [--dump ranks.jsonl]`
 *
 * Ingests each LoCoMo conversation through the gateway's own write path (one
 * memory per dialog turn: speaker, session date, dialog id; never the
 * observation or summary fields), one agent per conversation so they stay
 * apart, waits until every memory is embedded, then asks every question of
 * categories 1-4 through `searchMemories` and prints Recall@5/10/20, hit@10,
 * MRR and NDCG@10 per category and overall, with query latency.
 *
 * `--dataset beam --data <BEAM>/chats/100K` runs the same over BEAM's long
 * user-assistant chats (github.com/mohammadtavakoli78/BEAM; bench/locomo/beamData.ts),
 * one memory per message. Each report has a row for plain BM25 beside it:
 * the production full-text list alone, over the same stored messages.
 *
 * `--folds 5` adds the honest figure: the features every ranking reads (the
 * full-text lists, the vectors) are collected once, then the ranking's
 * parameters are tuned on four conversations and scored on the fifth,
 * rotating (bench/locomo/folds.ts). `--features file.json` keeps those
 * features, so a later `--folds` run with the same file needs no gateway.
 * `--tune a,b` tunes only those parameters (from the shipped defaults), as a
 * lever added later is tuned without moving the others.
 *
 * `--ingest-only` stops after the ingestion (issue #47's end-to-end turns/s),
 * with its CPU per turn from the process counters: this process (the gateway
 * and its model's thread) and the embedded Neo4j.
 *
 * `--features` given more than once (with `--folds`, from files): variants of
 * the same conversations' stored vectors (bench/recontext.ts). Each variant is
 * held out as above, and each fold also chooses the variant that its tuning
 * scored best on the training groups, as a parameter is chosen.
 */
import { access, writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { startBenchGateway } from "./support/benchGateway.js";
import { readLocomo, turnContent, type LocomoSample } from "./locomo/locomoData.js";
import { MAX_CONTENT, readBeam } from "./locomo/beamData.js";
import { percentile, scoreQuestion, type QuestionScores } from "./locomo/metrics.js";
import { collectFeatures, loadFeatures, saveFeatures, type ConversationFeatures } from "./locomo/features.js";
import { chooseVariants, evaluate, gridOf, leaveGroupsOut, tune, type Variant } from "./locomo/folds.js";
import { CATEGORIES, foldReport, scoreTable, variantReport } from "./locomo/foldReport.js";
import { rankOptionsFor } from "../src/search/ranking/rankCandidates.js";
import { loadConfig } from "../src/config/config.js";
import { machineLine } from "./support/machine.js";
import { treeCpuSeconds } from "./support/treeCpu.js";

const { values } = parseArgs({
  options: {
    dataset: { type: "string", default: "locomo" },
    data: { type: "string" },
    conversations: { type: "string" },
    dump: { type: "string" },
    model: { type: "string" },
    folds: { type: "string" },
    features: { type: "string", multiple: true },
    tune: { type: "string" },
    "ingest-only": { type: "boolean", default: false },
  },
});
const grid = gridOf(values.tune?.split(","));
// Taken before anything runs: the load average says what else the machine was doing.
const machine = machineLine();
const context = loadConfig(process.env).embeddingContext;

/** Memories per recordMemories call; BEAM's messages are long, so fewer go in one request. */
const BATCH = values.dataset === "beam" ? 20 : 100;
if (values.dataset !== "locomo" && values.dataset !== "beam") throw new Error(`--dataset is locomo or beam, got ${values.dataset}`);
// The folds tune the shared-key list too, so their features need the keys stored at ingest; a plain
// run measures what SEARCH_SHARED_KEYS says (on unless it says off, as the gateway).
const sharedKeys = values.folds !== undefined || process.env.SEARCH_SHARED_KEYS !== "off";

const CREATE_AGENT = `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "locomo" }]) { agents { id } } }`;
const RECORD_MEMORIES = `mutation ($memories: [MemoryInput!]!) { recordMemories(memories: $memories) { ids } }`;
const SEARCH = `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { sourceRef } tookMs } }`;

const loaded = values.dataset === "beam" ? await readBeam(values.data ?? "../BEAM/chats/100K") : await readLocomo(values.data ?? "../shared/datasets/locomo-dev.json");
const samples = loaded.filter(
  (s) => !values.conversations || values.conversations.split(",").includes(s.sampleId),
);
// `--features a.json,b.json`: folds over both sets' features at once (tuned together, reported per set).
const variantFiles = (values.features ?? []).map((v) => v.split(","));
const featureFiles = variantFiles[0] ?? [];
const cached = values.folds && featureFiles.length > 0 && (await Promise.all(variantFiles.flat().map((f) => access(f).then(() => true, () => false)))).every(Boolean);
const loadVariant = async (files: string[]) => (await Promise.all(files.map(loadFeatures))).flat();
if (variantFiles.length > 1) {
  if (!cached) throw new Error("--features given more than once compares collected variants: run --folds with files that exist");
  runVariants(await Promise.all(variantFiles.map(async (files) => ({ name: files.map((f) => basename(f, ".json")).join(","), features: await loadVariant(files) }))));
} else if (cached) {
  runFolds(await loadVariant(featureFiles));
} else {
  await live();
}

async function live() {
const gw = await startBenchGateway({ ...process.env, ...(values.model ? { EMBEDDING_MODEL: values.model } : {}), SEARCH_SHARED_KEYS: sharedKeys ? "on" : "off" });
try {
  const agents = new Map(samples.map((s) => [s.sampleId, `locomo-${s.sampleId}-${Date.now().toString(36)}`]));
  const ingestStart = performance.now();
  const cpuStart = { all: treeCpuSeconds(), own: process.cpuUsage() };
  let memories = 0;
  for (const sample of samples) memories += await ingest(sample, agents.get(sample.sampleId)!);
  await gw.app.embeddings.drain();
  const ingestSeconds = (performance.now() - ingestStart) / 1000;
  const own = process.cpuUsage(cpuStart.own);
  const all = treeCpuSeconds();
  const cpu = { own: (own.user + own.system) / 1e6, all: all !== null && cpuStart.all !== null ? all - cpuStart.all : null };
  if (values["ingest-only"]) {
    report([], [], { memories, ingestSeconds, cpu, model: gw.app.embedder.model });
    return;
  }
  const features = values.folds
    ? await collectFeatures({ driver: gw.app.driver, database: process.env.NEO4J_DATABASE ?? "neo4j", embedder: gw.app.embedder }, samples, agents, new Set(Object.keys(CATEGORIES).map(Number)))
    : null;
  if (features && values.features) await saveFeatures(featureFiles[0]!, features);

  const scores: { category: number; scores: QuestionScores }[] = [];
  const latencies: number[] = [];
  const askedCpu = { all: treeCpuSeconds(), own: process.cpuUsage() };
  const dump: string[] = [];
  for (const sample of samples) {
    for (const q of sample.questions.filter((q) => CATEGORIES[q.category])) {
      let started = 0;
      const data = await retrying(() => {
        started = performance.now();
        return gw.request<{ searchMemories: { hits: { sourceRef: string }[] } }>(
          SEARCH,
          { input: { query: q.question, agentIds: [agents.get(sample.sampleId)], limit: 20 } },
          agents.get(sample.sampleId)!,
        );
      });
      latencies.push(performance.now() - started);
      const ranked = data.searchMemories.hits.map((h) => h.sourceRef);
      scores.push({ category: q.category, scores: scoreQuestion(ranked, q.evidence) });
      dump.push(JSON.stringify({ sample_id: sample.sampleId, qa_index: q.qaIndex, ranked }));
    }
  }
  const askedOwn = process.cpuUsage(askedCpu.own);
  const askedAll = treeCpuSeconds();
  const perQuestion = (seconds: number) => `${((seconds * 1000) / Math.max(1, latencies.length)).toFixed(1)} ms`;
  process.stdout.write(
    `CPU per question: ${askedAll !== null && askedCpu.all !== null ? `${perQuestion(askedAll - askedCpu.all)} in all; ` : ""}this process (the gateway, its model and the asking client) ${perQuestion((askedOwn.user + askedOwn.system) / 1e6)}\n`,
  );
  if (values.dump) await writeFile(values.dump, `${dump.join("\n")}\n`);
  report(scores, latencies, { memories, ingestSeconds, cpu, model: gw.app.embedder.model });
  if (features) runFolds(features);
} finally {
  await gw.stop();
}

async function ingest(sample: LocomoSample, agent: string): Promise<number> {
  await retrying(() => gw.request(CREATE_AGENT, { id: agent, name: agent }, agent));
  for (let i = 0; i < sample.turns.length; i += BATCH) {
    const memories = sample.turns.slice(i, i + BATCH).map((t) => ({
      type: "INTERACTION",
      content: turnContent(t).slice(0, MAX_CONTENT),
      participants: [t.speaker],
      conversationId: sample.sampleId,
      source: t.diaId,
      occurredAt: t.occurredAt,
    }));
    await retrying(() => gw.request(RECORD_MEMORIES, { memories }, agent));
  }
  return sample.turns.length;
}
}

/** On a machine shared with other runs Neo4j may miss its health probes for a moment: wait and try again. */
async function retrying<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= 30 || !/SERVICE_UNAVAILABLE|fetch failed/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

function runFolds(features: ConversationFeatures[]) {
  const now = new Date();
  const start = { ...rankOptionsFor(true), lambda: 1 };
  const started = performance.now();
  // `--folds N`: N groups of conversations held out in turn (leave-one-out when N is at least their number).
  const folds = leaveGroupsOut(features, Number(values.folds) || features.length, start, now, grid);
  const inSampleTuning = tune(features, start, now, 3, grid);
  const lines = foldReport(
    folds,
    { tuning: inSampleTuning, scored: evaluate(features, inSampleTuning, now) },
    { tuning: start, scored: evaluate(features, start, now) },
  );
  process.stdout.write(`\n${lines.join("\n")}\n(folds took ${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  process.stdout.write(`\n### Plain BM25: the production full-text list alone, same messages\n${scoreTable(bm25(features)).join("\n")}\n`);
}

function runVariants(variants: Variant[]) {
  const now = new Date();
  const start = { ...rankOptionsFor(true), lambda: 1 };
  const started = performance.now();
  const { each, chosen } = chooseVariants(variants, Number(values.folds) || variants[0]!.features.length, start, now, grid);
  const shipped = variants.map((v) => evaluate(v.features, start, now));
  const lines = variantReport(variants.map((v) => v.name), each, chosen, shipped);
  process.stdout.write(`\n${lines.join("\n")}\n(folds took ${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
}

/** Each question ranked by the full-text list alone (Lucene's BM25 over the stored texts), as a baseline. */
function bm25(features: readonly ConversationFeatures[]) {
  return features.flatMap((conv) => {
    const diaOf = new Map(conv.turns.map((t) => [t.key, t.diaId]));
    return conv.questions.map((q) => ({ category: q.category, scores: scoreQuestion(q.fulltext.map((h) => diaOf.get(h.key)!).slice(0, 20), q.evidence) }));
  });
}

function report(
  scored: { category: number; scores: QuestionScores }[],
  latencies: number[],
  ingest: { memories: number; ingestSeconds: number; cpu: { own: number; all: number | null }; model: string },
) {
  const perTurn = (seconds: number) => `${((seconds * 1000) / ingest.memories).toFixed(1)} ms`;
  const { own, all } = ingest.cpu;
  const lines = [
    `${values.dataset === "beam" ? "BEAM" : "LoCoMo"} retrieval — ${new Date().toISOString().slice(0, 10)}, model ${ingest.model}, EMBEDDING_CONTEXT=${context}, ${samples.map((s) => s.sampleId).join(", ")}`,
    machine,
    `ingested ${ingest.memories} memories in ${ingest.ingestSeconds.toFixed(1)} s (${(ingest.memories / ingest.ingestSeconds).toFixed(1)}/s, embeddings included)`,
    `CPU per turn: ${all === null ? "n/a" : perTurn(all)} in all; this process (the gateway and its model) ${perTurn(own)}${all === null ? "" : `, Neo4j ${perTurn(all - own)}`}`,
  ];
  if (values["ingest-only"]) {
    process.stdout.write(`${lines.join("\n")}\n`);
    return;
  }
  lines.push(
    "",
    "### Live, through GraphQL, with the shipped defaults",
    ...scoreTable(scored),
    "",
    `query latency over GraphQL: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
  );
  process.stdout.write(`${lines.join("\n")}\n`);
}
