/**
 * `npm run bench:locomo -- [--data <locomo.json>] [--conversations conv-26,conv-30] [--dump ranks.jsonl]`
 *
 * Ingests each LoCoMo conversation through the gateway's own write path (one
 * memory per dialog turn: speaker, session date, dialog id; never the
 * observation or summary fields), one agent per conversation so they stay
 * apart, waits until every memory is embedded, then asks every question of
 * categories 1-4 through `searchMemories` and prints Recall@5/10/20, hit@10,
 * MRR and NDCG@10 per category and overall, with query latency.
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import { parseArgs } from "node:util";
import { startBenchGateway } from "./support/benchGateway.js";
import { readLocomo, type LocomoSample } from "./locomo/locomoData.js";
import { meanScores, percentile, scoreQuestion, type QuestionScores } from "./locomo/metrics.js";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "../shared/datasets/locomo-dev.json" },
    conversations: { type: "string" },
    dump: { type: "string" },
    model: { type: "string" },
  },
});

const CATEGORIES: Record<number, string> = { 1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop" };
const BATCH = 100;

const CREATE_AGENT = `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "locomo" }]) { agents { id } } }`;
const RECORD_MEMORIES = `mutation ($memories: [MemoryInput!]!) { recordMemories(memories: $memories) { ids } }`;
const SEARCH = `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { sourceRef } tookMs } }`;

const samples = (await readLocomo(values.data!)).filter(
  (s) => !values.conversations || values.conversations.split(",").includes(s.sampleId),
);
const gw = await startBenchGateway(values.model ? { ...process.env, EMBEDDING_MODEL: values.model } : process.env);
try {
  const agents = new Map(samples.map((s) => [s.sampleId, `locomo-${s.sampleId}-${Date.now().toString(36)}`]));
  const ingestStart = performance.now();
  let memories = 0;
  for (const sample of samples) memories += await ingest(sample, agents.get(sample.sampleId)!);
  await gw.app.embeddings.drain();
  const ingestSeconds = (performance.now() - ingestStart) / 1000;

  const scores: { category: number; scores: QuestionScores }[] = [];
  const latencies: number[] = [];
  const dump: string[] = [];
  for (const sample of samples) {
    for (const q of sample.questions.filter((q) => CATEGORIES[q.category])) {
      const started = performance.now();
      const data = await gw.request<{ searchMemories: { hits: { sourceRef: string }[] } }>(
        SEARCH,
        { input: { query: q.question, agentIds: [agents.get(sample.sampleId)], limit: 20 } },
        agents.get(sample.sampleId)!,
      );
      latencies.push(performance.now() - started);
      const ranked = data.searchMemories.hits.map((h) => h.sourceRef);
      scores.push({ category: q.category, scores: scoreQuestion(ranked, q.evidence) });
      dump.push(JSON.stringify({ sample_id: sample.sampleId, qa_index: q.qaIndex, ranked }));
    }
  }
  if (values.dump) await writeFile(values.dump, `${dump.join("\n")}\n`);
  report(scores, latencies, { memories, ingestSeconds });
} finally {
  await gw.stop();
}

async function ingest(sample: LocomoSample, agent: string): Promise<number> {
  await gw.request(CREATE_AGENT, { id: agent, name: agent }, agent);
  for (let i = 0; i < sample.turns.length; i += BATCH) {
    const memories = sample.turns.slice(i, i + BATCH).map((t) => ({
      type: "INTERACTION",
      content: `${t.speaker}: ${t.text}`,
      participants: [t.speaker],
      conversationId: sample.sampleId,
      source: t.diaId,
      occurredAt: t.occurredAt,
    }));
    await gw.request(RECORD_MEMORIES, { memories }, agent);
  }
  return sample.turns.length;
}

function report(all: { category: number; scores: QuestionScores }[], latencies: number[], ingest: { memories: number; ingestSeconds: number }) {
  const fmt = (n: number) => n.toFixed(3);
  const row = (name: string, s: QuestionScores, n: number) =>
    `| ${name} | ${n} | ${fmt(s.recall5)} | ${fmt(s.recall10)} | ${fmt(s.recall20)} | ${fmt(s.hit10)} | ${fmt(s.mrr)} | ${fmt(s.ndcg10)} |`;
  const lines = [
    `LoCoMo retrieval — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, model ${gw.app.embedder.model}, ${samples.map((s) => s.sampleId).join(", ")}`,
    `ingested ${ingest.memories} memories in ${ingest.ingestSeconds.toFixed(1)} s (${(ingest.memories / ingest.ingestSeconds).toFixed(0)}/s, embeddings included)`,
    "",
    "| category | questions | R@5 | R@10 | R@20 | hit@10 | MRR | NDCG@10 |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...Object.entries(CATEGORIES).map(([c, name]) => {
      const of = all.filter((s) => s.category === Number(c)).map((s) => s.scores);
      return row(`${c} ${name}`, meanScores(of), of.length);
    }),
    row("overall", meanScores(all.map((s) => s.scores)), all.length),
    "",
    `query latency over GraphQL: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}
