import type { ExtractedAttributes } from "../extractor.js";

/** Why a clause writes nothing: the guard that fired. */
export type GuardReason = "question" | "negation" | "hypothetical" | "wish" | "reported" | "joke" | "future";

/**
 * One rule over a normalized clause. `re` must capture `obj` (an object's
 * name, or a person's name for person-to-person relations) and may capture
 * `subj` (a name or pronoun; absent → the author), `role`, `basis`.
 *
 * Confidence scale (documented in docs, used by ranking):
 *   0.9  explicit, first-person present statement ("I work at X", "my sister Ana")
 *   0.8  explicit but third person, past or slightly indirect ("he works at X", "I left X")
 *   0.7  implied by a habit or description ("Go is my main language", "SREcon was good")
 *   0.6  usage or enthusiasm only ("been using X a lot", "really into X")
 */
export interface Pattern {
  /** Stable rule name: the fact's source is `deterministic/<name>@<version>`. */
  name: string;
  relation: string;
  re: RegExp;
  /** The same rule with its optional subject taken out: tried when the word caught as subject names nobody ("just moved to X"). */
  reWithoutSubject?: RegExp;
  confidence: number;
  /** Object is a person (CLOSE_TO, RELATED_TO, INTERACTED_WITH). */
  personObject?: boolean;
  /** Guards this rule tolerates (e.g. "wish" for "I want to learn more about X" as curiosity). */
  allows?: readonly GuardReason[];
  /** Fixed attributes, or ones derived from the match. */
  attributes?: (groups: Record<string, string | undefined>) => ExtractedAttributes;
  /** A fixed object name (e.g. self-employment). */
  object?: string;
  /** How the clause's time words apply: validFrom (default), validUntil (left, ended), or both from a range. */
  time?: "from" | "until" | "none";
  /** With no time words, the fact starts at the message ("I just joined X"). */
  defaultNow?: boolean;
  /** Run on the whole sentence rather than one clause (lists: "Spanish, Portuguese and English"). */
  scope?: "clause" | "sentence";
  /** The object must be written as a proper name (capitalised or with a digit): events, not "art school". */
  properName?: boolean;
  /** The object is a list ("Kotlin and Swift"): one fact each. */
  list?: boolean;
  /** A capitalised object must not be a place (compromise's #Place): "wrote a book in Paris" is no skill. */
  notPlace?: boolean;
  /** A lower-case object must be an activity of the lexicon (patterns/spoken.ts): "I love painting", not "I love that". */
  activity?: boolean;
  /** The object's last word must be an occasion's ("pride parade", "charity run"). */
  eventHead?: RegExp;
  /** The object's last word must name something made over time ("LGBTQ art show", "clothing store"): PROJECT_HEAD. */
  projectHead?: boolean;
  /** The object is the activity the rule's past-tense verb names ("I painted a lake sunrise" → painting). */
  objectFromVerb?: boolean;
  /** An announced change: written only with a resolved start after the message, as its validFrom ("moving to Denver next month"). */
  futureOnly?: boolean;
  /** The object is the place the message, or else its predecessor, names ("been living here 3 years"). */
  placeFromContext?: boolean;
}
