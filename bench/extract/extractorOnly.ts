/**
 * The extractor alone, in this process: no gateway, no database. Messages per
 * second over the corpus repeated to `repeat` messages (each copy a fresh id
 * and its own conversation, in batches the worker's size), then precision and
 * recall per relation on the tune part and on the held-out part.
 */
import { performance } from "node:perf_hooks";
import type { Extractor } from "../../src/extraction/index.js";
import { toExtractionMessage, type Corpus } from "../../fixtures/extraction/corpus.js";
import { scoreExtraction, type Score } from "../../fixtures/extraction/score.js";

export interface ExtractorOnlyResult {
  messages: number;
  seconds: number;
  perSecond: number;
  tune: Score;
  heldout: Score;
}

export async function runExtractorOnly(extractor: Extractor, corpus: Corpus, { repeat, batchSize }: { repeat: number; batchSize: number }): Promise<ExtractorOnlyResult> {
  const base = corpus.messages.map(toExtractionMessage);
  const all = Array.from({ length: repeat }, (_, i) => base[i % base.length]!).map((m, i) => ({ ...m, id: `${m.id}-${i}`, conversationId: `${m.conversationId}-${Math.floor(i / base.length)}` }));
  const started = performance.now();
  for (let i = 0; i < all.length; i += batchSize) await extractor.extract(all.slice(i, i + batchSize), { people: corpus.people });
  const seconds = (performance.now() - started) / 1000;
  const facts = await extractor.extract(base, { people: corpus.people });
  return {
    messages: all.length,
    seconds,
    perSecond: all.length / seconds,
    tune: scoreExtraction(corpus.messages.filter((m) => m.part === "tune"), facts),
    heldout: scoreExtraction(corpus.messages.filter((m) => m.part === "heldout"), facts),
  };
}

const pct = (x: number) => x.toFixed(2);

/** Precision, recall and F1 per relation, tune beside held-out, as a markdown table. */
export function qualityTable({ tune, heldout }: Pick<ExtractorOnlyResult, "tune" | "heldout">): string {
  const relations = [...new Set([...tune.perRelation, ...heldout.perRelation].map((r) => r.relation))].sort();
  const cells = (s: Score, relation: string) => {
    const r = relation === "overall" ? s.overall : s.perRelation.find((x) => x.relation === relation);
    return r ? `${r.gold} | ${r.extracted} | ${pct(r.precision)} | ${pct(r.recall)} | ${pct(r.f1)}` : "0 | 0 | – | – | –";
  };
  const rows = [...relations, "overall"].map((relation) => `| ${relation} | ${cells(tune, relation)} | ${cells(heldout, relation)} |`);
  const silent = (s: Score) => `${s.silent.wroteSomething}/${s.silent.messages}`;
  const times = (s: Score) => `${s.times.agreed}/${s.times.gold}`;
  return [
    "| relation | tune gold | tune extracted | tune P | tune R | tune F1 | held-out gold | held-out extracted | held-out P | held-out R | held-out F1 |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
    `| silent messages that wrote something | ${silent(tune)} | | | | | ${silent(heldout)} | | | | |`,
    `| times agreeing with gold (matched facts) | ${times(tune)} | | | | | ${times(heldout)} | | | | |`,
  ].join("\n");
}
