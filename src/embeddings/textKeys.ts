import nlp from "compromise";

/** Tags whose terms say little about what a turn is about, even when compromise also calls them nouns. */
const SKIP = ["Pronoun", "Possessive", "Date", "Duration", "Value", "QuestionWord", "Expression", "Copula", "Auxiliary", "Modal"];
/** Tags of the words that carry content: nouns and names, verbs, adjectives. */
const CONTENT = ["Noun", "Verb", "Adjective"];

/** A leading "Speaker: ", as a regular expression's source that Java reads the same (standingInstruction.ts builds on it). */
export const SPEAKER_PREFIX = String.raw`[^:\n]{1,40}:\s`;
const SPEAKER = new RegExp(`^${SPEAKER_PREFIX}`);

/** A turn's text without a leading "Speaker: " (a transcript's line as stored). Pure. */
export const withoutSpeaker = (text: string) => text.replace(SPEAKER, "");

/**
 * The keys of a text: the words that carry what it is about (nouns and names,
 * verbs, adjectives) by their root, lower-cased ("paintings" → "painting",
 * "painted" → "paint"), so two turns about the same thing share keys whatever
 * their wording. Search fuses the turns sharing a query's keys as a list of
 * its own, ranked by how rare the shared keys are (search/ranking/sharedKeys.ts). A
 * leading "Speaker:" is not a key (the speaker is a participant). The same
 * function keys nodes when they are embedded (embedBatch.ts) and queries at
 * search time (search/ranking/sharedKeys.ts). Pure.
 */
export function textKeys(text: string): string[] {
  const doc = nlp(withoutSpeaker(text));
  doc.compute("root");
  const keys = new Set<string>();
  for (const sentence of doc.json() as { terms: { normal: string; root?: string; tags: string[] }[] }[]) {
    for (const term of sentence.terms) {
      const tags = term.tags;
      const content = tags.some((t) => CONTENT.includes(t));
      if (!content || tags.some((t) => SKIP.includes(t))) continue;
      const key = (term.root ?? term.normal).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
      if (key.length > 2) keys.add(key);
    }
  }
  return [...keys];
}
