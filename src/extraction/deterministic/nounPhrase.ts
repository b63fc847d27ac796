import nlp from "compromise";

/** Words that quantify rather than name: "most of my side projects" is an amount of something, never a skill or a place. */
const QUANTIFIER = /^(?:something|anything|everything|nothing|stuff|most|some|all|many|few|lots?|plenty|half|none|each|every|several|much|more|less|any|both|either|neither)\b/i;
/** A possessive or demonstrative inside an object: "side projects of mine", "that painting" — a description, not a name. */
const INNER_POINTER = /\b(?:my|your|our|his|her|their|its|this|that|these|those|mine|yours)\b/i;

/** A kind of thing with nothing that names which one: "an event", "a project". */
const GENERIC = /^(?:events?|projects?|activity|activities|meeting|things?|place|stuff|class|course)$/i;

/**
 * Whether a topic span was cut in the middle of its phrase ("creating a safe"
 * of "creating a safe space and …"): it ends on a determiner or an adjective.
 */
export function isCutShort(span: string): boolean {
  const terms = nlp(span).terms().json() as { terms: { tags: string[] }[] }[];
  const last = terms[terms.length - 1]?.terms[0]?.tags ?? [];
  return terms.length > 1 && (last.includes("Determiner") || (last.includes("Adjective") && !last.includes("Noun")));
}

/**
 * The noun phrase an object span opens with, by compromise's part-of-speech
 * tags: the span a rule caught runs on past its object ("Writing has become
 * like an escape", "LGBTQ conference two days ago"); the phrase ends at the
 * first verb (other than a leading gerund: "helping people"), adverb, date,
 * pronoun, conjunction or preposition (but "of" between nouns: "Lord of the
 * Rings"). Empty when the span does not open with one.
 */
export function leadingNounPhrase(span: string, opensClause = false): string {
  const terms = nlp(span).terms().json() as { terms: { text: string; tags: string[]; post: string }[] }[];
  const kept: string[] = [];
  for (const [i, entry] of terms.entries()) {
    const term = entry.terms[0]!;
    const tags = new Set(term.tags);
    const first = i === 0;
    const gerundHead = tags.has("Gerund") && (first || kept.length === 0);
    // A capital opening the clause may only open the sentence ("Reminds me …"): the tags judge that word.
    const isName = tags.has("ProperNoun") || tags.has("Acronym") || (!(first && opensClause) && /^[\p{Lu}\p{N}]/u.test(term.text));
    if ((tags.has("Date") || tags.has("Value")) && !isName) break;
    // A determiner opens a phrase, or follows a leading gerund ("making a difference"); elsewhere it starts a new one ("book that …").
    if (tags.has("Determiner") && !first && !(kept.length === 1 && /ing$/i.test(kept[0]!)) && kept[kept.length - 1]?.toLowerCase() !== "of") break;
    // "rock climbing": a compound whose head is a gerund.
    const compound = first && tags.has("Verb") && /ing$/i.test(terms[1]?.terms[0]?.text ?? "");
    if (tags.has("Pronoun") || tags.has("QuestionWord")) break;
    if (tags.has("Conjunction") && !/^(?:&|n)$/i.test(term.text)) break;
    if (tags.has("Preposition") && !(term.text.toLowerCase() === "of" && kept.length > 0 && i + 1 < terms.length)) break;
    if (tags.has("Adverb") && !isName) break;
    if (tags.has("Verb") && !gerundHead && !compound && !isName && !tags.has("Noun") && !(kept.length > 0 && tags.has("Gerund"))) break;
    kept.push(term.text);
    if (/[,.;:!?()]/.test(term.post)) break;
  }
  return kept.join(" ").replace(/\s+of$/i, "").trim();
}

/**
 * Whether an object is shaped like what its relation names (issue #45): a
 * name, a skill, a place, an organisation or a short topic — not an amount
 * ("most of my side projects"), not a description pointing at someone's
 * things ("that painting", "side projects of mine"), not a clause.
 */
export function isNameShaped(name: string, relation: string): boolean {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length === 0) return false;
  if (GENERIC.test(name)) return false;
  if (QUANTIFIER.test(name)) return false;
  if (INNER_POINTER.test(name)) return false;
  const topic = relation === "CARES_ABOUT" || relation === "TALKS_ABOUT" || relation === "CURIOUS_ABOUT" || relation === "WORKING_ON";
  return words.length <= (topic ? 5 : 4);
}

/** Whether a span opens with a finite verb, not a name or a gerund: "Reminds me it's …" opens no topic. */
export function opensWithVerb(span: string): boolean {
  const first = (nlp(span).terms().json() as { terms: { tags: string[] }[] }[])[0]?.terms[0]?.tags ?? [];
  return first.includes("Verb") && !first.includes("Gerund") && !first.includes("ProperNoun") && !first.includes("Noun");
}
