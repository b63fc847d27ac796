/**
 * `npm run bench:observations [-- --sample 60 --seed 46] [--rounds 3]`
 *
 * Fact extraction measured on text nobody on the team wrote (issue #45): the
 * five LoCoMo development conversations, every turn a message by its speaker,
 * run through each extractor pure and in process, one conversation per call in
 * turn order (so every message has its predecessors as the worker's window
 * gives them). What was learned is scored against the dataset authors' 1,210
 * observations by the rule in bench/observations/matchObservations.ts.
 * Extractors run side by side in one session, alternating, for speed.
 * `--sample N` prints a seeded random sample of the newest extractor's facts
 * with their messages, for judging by reading; the verdicts kept in
 * bench/observations/judgements.json give the sample's precision.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { deterministicExtractor, type ExtractedFact, type Extractor } from "../src/extraction/index.js";
import { loadLocomoDev, type LocomoConversation } from "./observations/loadLocomoDev.js";
import { FAMILIES, matchObservations } from "./observations/matchObservations.js";
import { machineLine } from "./support/machine.js";
import { seededRandom } from "./support/seededRandom.js";

const { values } = parseArgs({ options: { sample: { type: "string" }, seed: { type: "string", default: "46" }, rounds: { type: "string", default: "3" } } });

const extractors: { label: string; extractor: Extractor }[] = [
  { label: "rules only (before #45)", extractor: deterministicExtractor({ parse: false }) },
  { label: "clauses over the parse (#45)", extractor: deterministicExtractor() },
];

const { conversations, observations } = loadLocomoDev();
const people = conversations.flatMap((c) => c.people);
const messages = new Map(conversations.flatMap((c) => c.messages.map((m, i) => [m.id, { text: m.text, before: c.messages[i - 1]?.text }] as const)));

async function run(extractor: Extractor, list: readonly LocomoConversation[]): Promise<{ facts: ExtractedFact[]; ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const facts: ExtractedFact[] = [];
  for (const c of list) facts.push(...(await extractor.extract(c.messages, { people: c.people })));
  const used = process.cpuUsage(cpu);
  return { facts, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

const totalMessages = conversations.reduce((n, c) => n + c.messages.length, 0);
const timing = extractors.map(() => ({ ms: 0, cpuMs: 0 }));
let results: ExtractedFact[][] = [];
// Alternate the extractors round by round so load from other jobs on the machine falls on both alike.
for (let round = 0; round < Number(values.rounds); round++) {
  results = [];
  for (const [i, { extractor }] of extractors.entries()) {
    const r = await run(extractor, conversations);
    if (round > 0) { timing[i]!.ms += r.ms; timing[i]!.cpuMs += r.cpuMs; }
    results.push(r.facts);
  }
}
const measuredRounds = Math.max(1, Number(values.rounds) - 1);

const out = process.stdout;
out.write(`## Fact extraction on LoCoMo dev observations — ${new Date().toISOString().slice(0, 10)}, ${machineLine()}\n\n`);
out.write(`${conversations.length} conversations, ${totalMessages} turns as messages, ${observations.length} observations.\n\n`);
const outcomes = results.map((facts) => matchObservations(observations, facts, people));
out.write(`| family (relations) | observations naming it | ${extractors.map((e) => `recalled, ${e.extractor.name}/${e.label}`).join(" | ")} |\n|---|---:|${extractors.map(() => "---:").join("|")}|\n`);
for (const f of FAMILIES) {
  const cells = outcomes.map((o) => { const r = o.perFamily.find((p) => p.family === f.name)!; return `${r.recalled} (${(r.recalled / Math.max(1, r.observations)).toFixed(3)})`; });
  out.write(`| ${f.name} (${f.relations.join(", ")}) | ${outcomes[0]!.perFamily.find((p) => p.family === f.name)!.observations} | ${cells.join(" | ")} |\n`);
}
out.write(`| **overall**, of all ${observations.length} | ${observations.length} | ${outcomes.map((o) => `**${o.recalled.size} (${(o.recalled.size / observations.length).toFixed(3)})**`).join(" | ")} |\n`);
out.write(`| facts extracted | | ${outcomes.map((o) => o.factsTotal).join(" | ")} |\n`);
out.write(`| facts matching some observation | | ${outcomes.map((o) => `${o.factsMatched} (${(o.factsMatched / Math.max(1, o.factsTotal)).toFixed(2)})`).join(" | ")} |\n`);
out.write(`| speed, ${measuredRounds} timed round(s) alternating, messages/s (CPU ms per message) | | ${timing.map((t) => `${Math.round((totalMessages * measuredRounds) / (t.ms / 1000))} (${(t.cpuMs / (totalMessages * measuredRounds)).toFixed(2)})`).join(" | ")} |\n\n`);

const perRelation = (facts: readonly ExtractedFact[]) => Object.entries(facts.reduce<Record<string, number>>((acc, f) => ({ ...acc, [f.relation]: (acc[f.relation] ?? 0) + 1 }), {})).sort().map(([r, n]) => `${r} ${n}`).join(", ");
for (const [i, e] of extractors.entries()) out.write(`- facts by relation, ${e.label}: ${perRelation(results[i]!)}\n`);

/** The judged sample: a seeded draw of the newest extractor's facts, each judged by reading it against its message. */
const judgementsPath = new URL("./observations/judgements.json", import.meta.url);
const judgements = (() => { try { return JSON.parse(readFileSync(judgementsPath, "utf8")) as { key: string; correct: boolean; note?: string }[]; } catch { return []; } })();
const factKey = (f: ExtractedFact) => `${f.evidence[0]}|${f.subject}|${f.relation}|${f.object}`;
const newest = results[results.length - 1]!;
const size = Number(values.sample ?? judgements.length);
if (size > 0) {
  const random = seededRandom(Number(values.seed));
  const pool = [...newest].sort((a, b) => factKey(a).localeCompare(factKey(b)));
  const sample: ExtractedFact[] = [];
  while (sample.length < Math.min(size, newest.length)) sample.push(...pool.splice(Math.floor(random() * pool.length), 1));
  const verdicts = new Map(judgements.map((j) => [j.key, j.correct]));
  const judged = sample.filter((f) => verdicts.has(factKey(f)));
  const correct = judged.filter((f) => verdicts.get(factKey(f))).length;
  out.write(`\nJudged sample (seed ${values.seed}, ${sample.length} of ${newest.length} facts of the newest extractor): ${judged.length} judged, ${correct} correct: **precision ${(correct / Math.max(1, judged.length)).toFixed(2)}**${judged.length < sample.length ? ` — ${sample.length - judged.length} not yet judged` : ""}\n`);
  if (values.sample) for (const f of sample) {
    const m = messages.get(f.evidence[0]!);
    out.write(`\n${JSON.stringify({ key: factKey(f), confidence: f.confidence, source: f.source, message: m?.text, before: m?.before })}`);
  }
  out.write("\n");
}
