/** Characters with a meaning in Lucene's query syntax (`&&` and `||` are covered by `&` and `|`). */
const LUCENE_SPECIAL = /[+\-!(){}[\]^"~*?:\\/&|]/g;

/** Lucene's boolean operators, which are words, not characters. */
const LUCENE_WORDS = /\b(AND|OR|NOT|TO)\b/g;

/**
 * Makes user text safe for `db.index.fulltext.queryNodes`: every syntax
 * character is escaped and the operator words are lower-cased, so the text is
 * searched as plain words (the analyzer lower-cases anyway). Pure.
 */
export function escapeLucene(text: string): string {
  return text.replace(LUCENE_SPECIAL, (c) => `\\${c}`).replace(LUCENE_WORDS, (w) => w.toLowerCase());
}

/**
 * A full-text query that matches any of the words of `text` (OR semantics,
 * Lucene's default), escaped; empty when the text has no searchable word.
 */
export function luceneAnyWord(text: string, maxTerms = 64): string {
  const words = text
    .split(/\s+/)
    .map((w) => w.trim())
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, maxTerms);
  return words.map(escapeLucene).join(" ");
}
