import { guardsFor, jokeDiscount } from "./guards.js";
import { matchPattern } from "./matchPattern.js";
import { normalizeText, splitSentences } from "./normalize.js";
import { patterns, spokenPatterns } from "./patterns/index.js";
import { replacedPatterns } from "./patterns/replaced.js";
import { conversationParticipants, lastNamedPerson, nameIndexFor, peopleNames, type NameIndex } from "./people.js";
import { DETERMINISTIC_VERSION, RULES_ONLY_VERSION } from "./version.js";
import type { Pattern } from "./pattern.js";
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
  const parse = options.parse ?? true;
  const reading: Reading = parse ? { parse, version: DETERMINISTIC_VERSION, rules: [...patterns.map((p) => replacedPatterns.get(p.name) ?? p), ...spokenPatterns] } : { parse, version: RULES_ONLY_VERSION, rules: patterns };
  return {
    name: "deterministic",
    version: reading.version,
    extract: (batch, context) => extractAll(batch, context, reading),
  };
}

/** How one extractor reads: with the parse (version 2) or the rules alone (version 1). */
interface Reading {
  parse: boolean;
  version: string;
  rules: readonly Pattern[];
}

export interface DeterministicOptions {
  /** false: the regular-expression rules alone, as before issue #45 (kept for measuring side by side). */
  parse?: boolean;
}

/** Messages read between two yields to the event loop: the gateway serves requests in between (about 3 ms of work at a time). */
const MESSAGES_PER_SLICE = 10;

async function extractAll(batch: readonly ExtractionMessage[], context: ExtractionContext, reading: Reading): Promise<ExtractedFact[]> {
  const names = peopleNames(context.people);
  const participants = conversationParticipants([...(context.window ?? []), ...batch]);
  const indexes = new Map<string, NameIndex>();
  const indexOf = (conversation: string) => {
    let index = indexes.get(conversation);
    if (!index) indexes.set(conversation, (index = nameIndexFor(names, participants.get(conversation) ?? new Set())));
    return index;
  };
  const lastNamed = new Map<string, string>();
  const previous = new Map<string, string>();
  for (const message of context.window ?? []) {
    remember(message, indexOf(message.conversationId ?? ""), lastNamed);
    previous.set(message.conversationId ?? "", message.text);
  }
  const facts: ExtractedFact[] = [];
  for (const [i, message] of batch.entries()) {
    if (i > 0 && i % MESSAGES_PER_SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const conversation = message.conversationId ?? "";
    const index = indexOf(conversation);
    if (message.authorPersonId) facts.push(...extractMessage(message, index, lastNamed.get(conversation), reading, previous.get(conversation)));
    remember(message, index, lastNamed);
    previous.set(conversation, message.text);
  }
  return facts;
}

function remember(message: ExtractionMessage, index: NameIndex, lastNamed: Map<string, string>): void {
  const named = lastNamedPerson(message, index);
  if (named) lastNamed.set(message.conversationId ?? "", named);
}

/** Past-tense verbs that open a second verb phrase sharing the subject: "I left Stripe and joined Figma". */
const PAST = String.raw`(?:then\s+|just\s+|also\s+|finally\s+)?(?:[\p{L}]+ed|left|got|took|went|began|became|quit|made|found|won|built|ran|landed|started|joined|moved|finished)\b`;
const COORDINATED = new RegExp(String.raw`\s+and\s+(?=${PAST})`, "iu");
/** The subject the first verb phrase opens with: a word right before its verb ("Ana left …"), not a sentence's first verb ("Wrapped up …"). */
const OPENING_SUBJECT = new RegExp(String.raw`^(?:(?:so|and|well|yeah|also|then)\s+)*(I|we|[\p{Lu}][\p{L}']+)\s+(?=${PAST})`, "u");

/**
 * A clause of two verb phrases joined by "and" is read as two clauses with one
 * subject: "I left Stripe and joined Figma" → "I left Stripe", "I joined Figma".
 */
export function splitCoordinated(clause: string): string[] {
  const parts = clause.split(COORDINATED);
  if (parts.length === 1) return parts;
  const subject = OPENING_SUBJECT.exec(parts[0]!)?.[1];
  return parts.map((part, i) => (i > 0 && subject ? `${subject} ${part}` : part));
}

/** Words that hedge a statement ("kind of", "probably"): its facts keep a lowered confidence. */
const HEDGE = /\b(?:kind of|sort of|kinda|sorta|probably|I suppose|more or less|ish)\b/i;
const hedgeDiscount = (clause: string) => (HEDGE.test(clause) ? 0.8 : 1);

/** The facts of one message, one per subject, relation and object (the most confident rule wins). */
function extractMessage(message: ExtractionMessage, index: NameIndex, lastNamed: string | undefined, reading: Reading, previousText: string | undefined): ExtractedFact[] {
  const text = normalizeText(message.text);
  if (WHOLE_JOKE.test(text)) return [];
  const found = new Map<string, ExtractedFact>();
  for (const sentence of splitSentences(text)) {
    const clauses = reading.parse ? sentence.clauses.flatMap(splitCoordinated) : sentence.clauses;
    const units = clauses.length > 1 ? [{ text: sentence.text, scope: "sentence" }, ...clauses.map((c) => ({ text: c, scope: "clause" }))] : clauses.map((c) => ({ text: c, scope: "any" }));
    for (const unit of units) {
      if (unit.text.length > MAX_UNIT_CHARS) continue;
      const guards = guardsFor(unit.text);
      const scope = { message, index, lastNamed, version: reading.version, discount: jokeDiscount(unit.text) * (reading.parse ? hedgeDiscount(unit.text) : 1), parse: reading.parse, previousText };
      for (const pattern of reading.rules) {
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
  const facts = [...found.values()];
  if (!reading.parse) return facts;
  // An organisation the message says someone works or worked at is no event they attended ("back when I was at SAP").
  const employers = new Set(facts.filter((f) => f.relation === "WORKS_AT" || f.relation === "PREVIOUSLY").map((f) => `${f.subject}|${f.object.toLowerCase()}`));
  return facts.filter((f) => f.relation !== "ATTENDED_EVENT" || !employers.has(`${f.subject}|${f.object.toLowerCase()}`));
}
