/**
 * A question about a person ("What do Melanie's kids like?") carries two
 * things: who it is about and what it asks. The participant boost
 * (rankCandidates.ts) already puts that person's turns first; in the query's
 * vector the name only pulls toward turns that say it ("Thanks, Melanie!"),
 * so the vector of conversational turns is asked with the people taken out
 * ("What do their kids like?"). Pure.
 */

const LETTER_OR_DIGIT = "[\\p{L}\\p{N}]";
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A name as a whole word, with its possessive: "Melanie", "Melanie's" (straight or curly apostrophe). */
const nameWord = (name: string) => new RegExp(`(?<!${LETTER_OR_DIGIT})${escape(name)}(['’]s)?(?!${LETTER_OR_DIGIT})`, "gu");

/**
 * Can the query name someone at all: a word after the first that starts with a
 * capital ("When did Caroline…"). Only such a query waits for the full-text
 * rows to learn the people; any other ranks exactly as before, with no wait.
 */
export const mayNamePeople = (query: string): boolean => /\s\p{Lu}/u.test(query.trim());

/**
 * The people among `people` (participants and authors of the rows the query's
 * words found) that the query names as a proper name: written as the person is
 * named, starting with a capital, as a whole word. "user" in "user roles" is
 * no one. Longest first, so "Mel Smith" goes before "Mel".
 */
export function namedPeople(query: string, people: Iterable<string>): string[] {
  const named = new Set<string>();
  for (const person of people) {
    const name = person.trim();
    if (!/^\p{Lu}/u.test(name) || named.has(name)) continue;
    if (nameWord(name).test(query)) named.add(name);
  }
  return [...named].sort((a, b) => b.length - a.length);
}

/** The query with each named person said as "they" ("their" for "Melanie's"). Unchanged when `names` is empty. */
export function withoutNames(query: string, names: readonly string[]): string {
  return names.reduce((text, name) => text.replace(nameWord(name), (word) => (/['’]s$/.test(word) ? "their" : "they")), query);
}

/**
 * The text conversational turns are asked with: the query without the people
 * among `people` it names, or the query itself when it cannot name anyone
 * (`mayNamePeople`). The search and its offline replay both ask with this.
 */
export const turnQueryText = (query: string, people: Iterable<string>): string =>
  mayNamePeople(query) ? withoutNames(query, namedPeople(query, people)) : query;
