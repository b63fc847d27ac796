import type { NamedThing } from "../core/retrievalTool.js";
import { findImplicitPhrases, nameCandidates, type ImplicitPhrase } from "../people/index.js";
import type { ConversationMessage } from "./request.js";

/** What kind of thing a phrase of the conversation asks about. */
export type IntentKind = NamedThing;

/** "work at Google" → { kind: organization, term: Google }. */
export interface Intent {
  kind: IntentKind;
  term: string;
  /** Index of the message it was read from. */
  message: number;
}

export interface Author {
  id: string | null;
  name: string | null;
}

/** What the loop knows before it looks anything up. */
export interface ConversationAnalysis {
  authors: Author[];
  /** Every 1-to-3-word sequence, lower-cased: what a name in the graph could be. */
  grams: string[];
  /** Words worth searching the full-text name index for (no stop words). */
  words: string[];
  intents: Intent[];
  /** "my brother", "the new hire": resolved through the author's relationships. */
  implicitReferences: ImplicitPhrase[];
  /** The text to search by meaning: the last messages, newest last. */
  query: string;
}

const STOP = new Set(
  ("a an and any anyone anybody are as at be been but by can could did didn't do does doesn't for from had has have he her him his how i i'm if in " +
    "into is it it's its just know knows me my no not of oh on or our she should so some someone that the their them there they this to " +
    "us was we were what when where which who why will with would yeah yes you your about nice hey hi thinking think ask apply applying " +
    "work works worked working there's here also really very").split(" "),
);

const NAME = String.raw`([\p{Lu}][\p{L}\p{N}&.'-]*(?:\s+[\p{Lu}][\p{L}\p{N}&.'-]*){0,3})`;
const TERM = String.raw`([\p{L}\p{N}#+.'-]+(?:\s+[\p{L}\p{N}#+.'-]+){0,2})`;

/** Phrases that say what is asked about; the captured group is the term. Order matters only for readability. */
const PATTERNS: { kind: IntentKind; re: RegExp }[] = [
  { kind: "organization", re: new RegExp(String.raw`\b(?:work(?:s|ed|ing)?|employed|job|intern(?:s|ed|ing)?|hired)\s+(?:at|for|with)\s+(there|${NAME})`, "gu") },
  { kind: "organization", re: /\b(?:work(?:s|ed|ing)?|intern(?:s|ed|ing)?)\s+(there)\b/gu },
  { kind: "organization", re: new RegExp(String.raw`\b(?:apply(?:ing)?|applied|interview(?:s|ed|ing)?|join(?:s|ed|ing)?)\s+(?:to|at|for|with)?\s*(there|${NAME})`, "gu") },
  { kind: "skill", re: new RegExp(String.raw`\b(?:knows?|speaks?|speaking|codes?\s+in|programs?\s+in|good\s+at|expert\s+(?:in|at|with)|experience\s+(?:in|with)|skilled\s+(?:in|at)|familiar\s+with|fluent\s+in)\s+${TERM}`, "giu") },
  { kind: "location", re: new RegExp(String.raw`\b(?:lives?|living|based|located|moved|moving|relocat(?:e|ed|ing))\s+(?:in|to|near)\s+${NAME}`, "gu") },
  // "experience in Kubernetes?" is a skill, not a place.
  { kind: "location", re: new RegExp(String.raw`(?<!(?:experience|fluent|expert|skilled|interested|good)\s+)\b(?:from|in)\s+(SF|NYC|LA|${NAME})\s*\?`, "gu") },
  { kind: "topic", re: new RegExp(String.raw`\b(?:talks?\s+about|talking\s+about|interested\s+in|into|cares?\s+about|curious\s+about|passionate\s+about|excited\s+about)\s+${TERM}`, "giu") },
];

/** Trims a captured term: trailing punctuation and trailing stop words ("Python and" → "Python"). */
export function cleanTerm(term: string): string {
  const words = term.replace(/[?!.,;:]+$/u, "").trim().split(/\s+/);
  while (words.length > 1 && STOP.has(words[words.length - 1]!.toLowerCase())) words.pop();
  const cleaned = words.join(" ").replace(/[?!.,;:'"]+$/u, "");
  return STOP.has(cleaned.toLowerCase()) ? "" : cleaned;
}

/** Intents of each message; "there" points at the last organisation named before it. Pure. */
export function findIntents(contents: readonly string[]): Intent[] {
  const intents: Intent[] = [];
  let lastOrganization: string | null = null;
  contents.forEach((content, message) => {
    const found: (Intent & { at: number })[] = [];
    for (const { kind, re } of PATTERNS) {
      for (const m of content.matchAll(re)) {
        const raw = m[1] ?? "";
        const term = raw.toLowerCase() === "there" && kind === "organization" ? lastOrganization : cleanTerm(raw);
        if (term) found.push({ kind, term, message, at: m.index ?? 0 });
      }
    }
    for (const intent of found.sort((a, b) => a.at - b.at)) {
      if (intent.kind === "organization") lastOrganization = intent.term;
      intents.push({ kind: intent.kind, term: intent.term, message: intent.message });
    }
  });
  const seen = new Set<string>();
  return intents.filter((i) => {
    const key = `${i.kind}:${i.term.toLowerCase()}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Content words of the texts, lower-cased, without stop words and duplicates. Pure. */
export function contentWords(texts: readonly string[], max = 64): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const w of text.toLowerCase().split(/[^\p{L}\p{N}#+'-]+/u)) {
      const word = w.replace(/^'+|'+$/g, "").replace(/'s$/, "");
      if (word.length > 1 && !STOP.has(word)) words.add(word);
    }
  }
  return [...words].slice(0, max);
}

/**
 * The analyze stage: who is talking, what could be a name, what is asked
 * about (organisations, skills, places, topics), which references need the
 * authors' relationships. No I/O; linking to the graph comes next. Pure.
 */
export function analyzeConversation(messages: readonly ConversationMessage[]): ConversationAnalysis {
  const contents = messages.map((m) => m.content);
  const authors: Author[] = [];
  const seen = new Set<string>();
  for (const m of messages) {
    const key = m.authorId ?? `name:${(m.authorName ?? "").toLowerCase()}`;
    if ((m.authorId || m.authorName) && !seen.has(key)) {
      seen.add(key);
      authors.push({ id: m.authorId, name: m.authorName });
    }
  }
  return {
    authors,
    grams: nameCandidates(contents, 2000).filter((g) => !g.split(" ").every((w) => STOP.has(w))),
    words: contentWords(contents),
    intents: findIntents(contents),
    implicitReferences: findImplicitPhrases(contents),
    query: contents.slice(-3).join("\n"),
  };
}
