/**
 * `npm run bench:extract -- --extractor-only [--repeat 20000] [--batch 50]`
 *
 * Measures fact extraction from messages (issue #21). Modes, one per flag:
 *   --extractor-only  the deterministic extractor alone over the extraction
 *                     corpus repeated to ~20k messages: messages per second,
 *                     then precision/recall per relation on the tune part and
 *                     on the held-out part the rules were not tuned on.
 *   --stage           the extraction stage end to end on a real gateway with
 *                     the embedding worker running (bench/extract/stage.ts):
 *                     messages/s through queue, worker and writes (target
 *                     ≥ 500/s), createMessages p95 with the worker running
 *                     and paused side by side, and a worker killed mid-run
 *                     against an uninterrupted one.
 */
import { parseArgs } from "node:util";
import { deterministicExtractor } from "../src/extraction/index.js";
import { loadCorpus } from "../fixtures/extraction/corpus.js";
import { qualityTable, runExtractorOnly } from "./extract/extractorOnly.js";
import { machineLine } from "./support/machine.js";
import { startBenchGateway } from "./support/benchGateway.js";
import { runStageBench } from "./extract/stage.js";

const { values } = parseArgs({
  options: {
    "extractor-only": { type: "boolean", default: false },
    repeat: { type: "string", default: "20000" },
    batch: { type: "string", default: "50" },
    stage: { type: "boolean", default: false },
    messages: { type: "string", default: "5000" },
  },
});

const modes: Record<string, () => Promise<void>> = {
  "extractor-only": async () => {
    const extractor = deterministicExtractor();
    const result = await runExtractorOnly(extractor, loadCorpus(), { repeat: Number(values.repeat), batchSize: Number(values.batch) });
    process.stdout.write(`## Extraction, ${extractor.name}@${extractor.version} alone — ${new Date().toISOString().slice(0, 10)}, ${machineLine()}\n\n`);
    process.stdout.write(`${result.messages} messages in ${result.seconds.toFixed(2)} s: **${Math.round(result.perSecond)} messages/s** (one process, batches of ${values.batch})\n\n`);
    process.stdout.write(`${qualityTable(result)}\n`);
  },
  stage: async () => {
    const gw = await startBenchGateway({ ...process.env, EXTRACTION: "deterministic" });
    try {
      const corpus = loadCorpus();
      const neo4j = gw.app.localNeo4j;
      if (!neo4j) throw new Error("--stage runs on the embedded Neo4j (unset NEO4J_URI): it starts a second gateway on the same server");
      const people = corpus.people.map((p) => ({ id: p.id, name: p.name, aliases: [...p.aliases] }));
      const history = corpus.messages.map((m) => ({ author: m.author, text: m.text, timestamp: m.timestamp }));
      const r = await runStageBench(gw, neo4j, people, history, { messages: Number(values.messages) });
      const ms = (x: number) => `${x.toFixed(1)} ms`;
      process.stdout.write(`## Extraction stage end to end — ${new Date().toISOString().slice(0, 10)}, ${machineLine()}\n\n`);
      process.stdout.write(`| measure | value |\n| --- | --- |\n`);
      const warm = gw.app.warmedUp;
      if (warm) process.stdout.write(`| the gateway's start-up warm-up | ${warm.operations} operations in ${warm.seconds.toFixed(1)} s, ${warm.failed} failed |\n`);
      for (const [name, read] of [["first read after start, statements not yet planned", r.cold], ["second read, plans cached", r.warm]] as const) {
        process.stdout.write(`| messages read by the worker (embedding worker running), ${name} | ${read.messages} in ${read.seconds.toFixed(1)} s: **${Math.round(read.perSecond)} messages/s** |\n`);
        process.stdout.write(`| facts written, ${name} | ${read.facts} |\n`);
        process.stdout.write(`| worker time by phase (s, summed over passes), ${name} | ${Object.entries(read.phases).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join(", ")} |\n`);
      }
      process.stdout.write(`| createMessages p50 / p95, worker running | ${ms(r.createP95.onP50)} / ${ms(r.createP95.on)} (${r.createP95.samples} calls) |\n`);
      process.stdout.write(`| the worker's time in passes over those rounds (running and paused) | ${(r.createP95.workerShare * 100).toFixed(1)}% of the wall time |\n`);
      process.stdout.write(`| createMessages p50 / p95, worker paused | ${ms(r.createP95.offP50)} / ${ms(r.createP95.off)} (${r.createP95.samples} calls) |\n`);
      process.stdout.write(`| worker killed mid-run (second process, SIGKILL after ${r.kill.killedAfter} of ${r.kill.total} messages; lease ${r.kill.leaseSeconds} s) | facts ${r.kill.resumed} vs uninterrupted ${r.kill.uninterrupted}: **${r.kill.equal ? "equal" : "DIFFERENT"}** (subject, relation, object, evidence, confidence, validity) |\n`);
      for (const f of r.kill.onlyWhole.slice(0, 10)) process.stdout.write(`- only uninterrupted: ${f}\n`);
      for (const f of r.kill.onlyKilled.slice(0, 10)) process.stdout.write(`- only killed and resumed: ${f}\n`);
    } finally {
      await gw.stop();
    }
  },
};

const chosen = Object.keys(modes).filter((mode) => values[mode as keyof typeof values] === true);
if (chosen.length === 0) {
  process.stderr.write(`Choose a mode: ${Object.keys(modes).map((m) => `--${m}`).join(", ")}\n`);
  process.exit(2);
}
for (const mode of chosen) await modes[mode]!();
