/**
 * `npm run bench:extract -- --extractor-only [--repeat 20000] [--batch 50]`
 *
 * Measures fact extraction from messages (issue #21). Modes, one per flag:
 *   --extractor-only  the deterministic extractor alone over the extraction
 *                     corpus repeated to ~20k messages: messages per second,
 *                     then precision/recall per relation on the tune part and
 *                     on the held-out part the rules were not tuned on.
 * Another mode (the end-to-end stage: queue, worker, writes) adds a flag and
 * a module under bench/extract/ beside extractorOnly.ts.
 */
import { parseArgs } from "node:util";
import { deterministicExtractor } from "../src/extraction/index.js";
import { loadCorpus } from "../fixtures/extraction/corpus.js";
import { qualityTable, runExtractorOnly } from "./extract/extractorOnly.js";
import { machineLine } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    "extractor-only": { type: "boolean", default: false },
    repeat: { type: "string", default: "20000" },
    batch: { type: "string", default: "50" },
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
};

const chosen = Object.keys(modes).filter((mode) => values[mode as keyof typeof values] === true);
if (chosen.length === 0) {
  process.stderr.write(`Choose a mode: ${Object.keys(modes).map((m) => `--${m}`).join(", ")}\n`);
  process.exit(2);
}
for (const mode of chosen) await modes[mode]!();
