import { guardsFor, jokeDiscount } from "./guards.js";
import { matchPattern } from "./matchPattern.js";
import { normalizeText, splitSentences } from "./normalize.js";
import { patterns } from "./patterns/index.js";
import { lastNamedPerson, nameIndex, type NameIndex } from "./people.js";
import { DETERMINISTIC_VERSION } from "./version.js";
import type { ExtractedFact, ExtractionContext, ExtractionMessage, Extractor } from "../extractor.js";

/**
 * Longest clause or sentence the rules read. Chat states a fact in a few
 * words; a run-on of hundreds of characters without punctuation is skipped
 * rather than risk a wrong fact, and it bounds the rules' work on hostile input.
 */
const MAX_UNIT_CHARS = 400;

/** A message said in jest as a whole ("yeah right", 😂): nothing in it is a fact. */
const WHOLE_JOKE = /😂|🤣|\blmao\b|\bjk\b|\byeah right\b|\/s\b/i;

/**
 * The deterministic extractor: no network, no model. Each message is split
 * into sentences and clauses; a clause that is a question, negated,
 * hypothetical, a wish, reported speech, a joke or about the future writes
 * nothing; the rules of each relation family match the rest. The author is
 * the subject unless a name, alias or pronoun says otherwise.
 */
export function deterministicExtractor(options: DeterministicOptions = {}): Extractor {
  void options;
  return {
    name: "deterministic",
    version: DETERMINISTIC_VERSION,
    extract: (batch, context) => extractAll(batch, context),
  };
}

export interface DeterministicOptions {
  /** false: the regular-expression rules alone, as before issue #45 (kept for measuring side by side). */
  parse?: boolean;
}

/** Messages read between two yields to the event loop: the gateway serves requests in between (about 3 ms of work at a time). */
const MESSAGES_PER_SLICE = 10;

async function extractAll(batch: readonly ExtractionMessage[], context: ExtractionContext): Promise<ExtractedFact[]> {
  const index = nameIndex(context.people);
  const lastNamed = new Map<string, string>();
  for (const message of context.window ?? []) remember(message, index, lastNamed);
  const facts: ExtractedFact[] = [];
  for (const [i, message] of batch.entries()) {
    if (i > 0 && i % MESSAGES_PER_SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    if (message.authorPersonId) facts.push(...extractMessage(message, index, lastNamed.get(message.conversationId ?? ""), DETERMINISTIC_VERSION));
    remember(message, index, lastNamed);
  }
  return facts;
}

function remember(message: ExtractionMessage, index: NameIndex, lastNamed: Map<string, string>): void {
  const named = lastNamedPerson(message, index);
  if (named) lastNamed.set(message.conversationId ?? "", named);
}

/** The facts of one message, one per subject, relation and object (the most confident rule wins). */
export function extractMessage(message: ExtractionMessage, index: NameIndex, lastNamed: string | undefined, version: string): ExtractedFact[] {
  const text = normalizeText(message.text);
  if (WHOLE_JOKE.test(text)) return [];
  const found = new Map<string, ExtractedFact>();
  for (const sentence of splitSentences(text)) {
    const units = sentence.clauses.length > 1 ? [{ text: sentence.text, scope: "sentence" }, ...sentence.clauses.map((c) => ({ text: c, scope: "clause" }))] : sentence.clauses.map((c) => ({ text: c, scope: "any" }));
    for (const unit of units) {
      if (unit.text.length > MAX_UNIT_CHARS) continue;
      const guards = guardsFor(unit.text);
      const scope = { message, index, lastNamed, version, discount: jokeDiscount(unit.text) };
      for (const pattern of patterns) {
        if (unit.scope !== "any" && (pattern.scope ?? "clause") !== unit.scope) continue;
        if (guards.some((g) => !pattern.allows?.includes(g))) continue;
        for (const fact of matchPattern(pattern, unit.text, scope)) {
          const key = `${fact.subject}|${fact.relation}|${fact.object.toLowerCase()}`;
          const seen = found.get(key);
          if (!seen || seen.confidence < fact.confidence) found.set(key, fact);
        }
      }
    }
  }
  return [...found.values()];
}
