import nlp from "compromise";

/** Relations whose object is a named thing (an employer, a school, a place, a skill, an event): never "my …". */
const NAMED_OBJECT = new Set(["WORKS_AT", "PREVIOUSLY", "STUDIED_AT", "LIVES_IN", "HAS_SKILL", "ATTENDED_EVENT"]);
const POSSESSIVE = /^(?:my|your|his|her|our|their|its)\s/i;
/** Time nouns a rule may catch as an object: "I work at night", "studied at weekends". */
const TIME_NOUN = /^(?:night|nights|the moment|moment|morning|mornings|evening|evenings|weekends?|the weekend|home|times|the time|first|last|least|most|once|all|some|any|up|out|down|off|over)$/i;

/**
 * Whether a cleaned object names a thing, judged by compromise's part-of-speech
 * tags (run only on candidate objects, so the cost is per fact, not per word):
 * pronouns ("you", "it"), a leading preposition or question word ("what you
 * mean"); in lower case, adverbs ("softly"), bare adjectives ("right") and a
 * lone gerund for employment and skills ("quit smoking"); a city as an event
 * ("went to Paris").
 */
export function isThingName(raw: string, name: string, relation: string): boolean {
  if (NAMED_OBJECT.has(relation) && POSSESSIVE.test(raw.trim())) return false;
  if (TIME_NOUN.test(name)) return false;
  const doc = nlp(name);
  if (doc.has("^(#Pronoun|#Preposition|#QuestionWord|#Determiner)")) return false;
  // "working on Saturday": a day or date is when, not what.
  if (doc.has("^#Date")) return false;
  // A capitalised word is a name whatever its tag ("Wise", "English"); lower case is judged by the tag.
  const lower = !/^[\p{Lu}\p{N}]/u.test(name);
  const single = doc.terms().length === 1;
  if (lower && doc.has("^#Adverb")) return false;
  if (lower && single && doc.has("^#Adjective$")) return false;
  if (lower && single && doc.has("^#Gerund$") && relation !== "CARES_ABOUT" && relation !== "CURIOUS_ABOUT" && relation !== "TALKS_ABOUT") return false;
  if (relation === "ATTENDED_EVENT" && single && doc.has("^#City$")) return false;
  return true;
}
