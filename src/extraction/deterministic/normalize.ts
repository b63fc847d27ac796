import nlp from "compromise";

const CONTRACTIONS: ReadonlyArray<[RegExp, string]> = [
  [/[’‘]/g, "'"],
  [/[“”]/g, '"'],
  [/\b(i)'?m\b/gi, "I am"],
  [/\bi've\b/gi, "I have"],
  [/\bi'd\b/gi, "I would"],
  [/\bi'll\b/gi, "I will"],
  [/\b(he|she|it)'s\b/gi, "$1 is"],
  [/\b(we|they|you)'re\b/gi, "$1 are"],
  [/\bw\/\s?/gi, "with "],
  [/\s@\s/g, " at "],
  [/\bi\b/g, "I"],
];

/** Chat spelling brought to one form the patterns read: contractions spelled out, "w/" → with, "@ X" → at X. */
export function normalizeText(text: string): string {
  let out = text;
  for (const [re, to] of CONTRACTIONS) out = out.replace(re, to);
  return out.replace(/\s+/g, " ").trim();
}

/** A sentence and its clauses. */
export interface Sentence {
  text: string;
  clauses: string[];
}

/**
 * Sentences by compromise's tokenizer (no tagging: fast), then clauses at
 * commas, semicolons, dashes and "but": guards and most rules see one clause
 * at a time, so "I don't live in Tokyo anymore, moved to Osaka" negates only
 * its first half. A question mark marks the clause it ends (and, through the guards, the whole sentence for sentence-wide rules).
 */
export function splitSentences(text: string): Sentence[] {
  const sentences: string[] = nlp.tokenize(text).json().map((s: { text: string }) => s.text);
  return sentences.map((sentence) => {
    const clauses = sentence
      .split(/\s*(?:[,;]|\s[-–—]\s|\bbut\b)\s*/i)
      .map((part) => part.trim())
      .filter((part) => part.length > 0)
      .map((part, i, parts) => (i === parts.length - 1 && /\?\s*\S{0,3}\s*$/.test(sentence) && !part.includes("?") ? `${part}?` : part));
    return { text: sentence, clauses };
  });
}
