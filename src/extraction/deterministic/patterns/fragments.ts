import type { Pattern } from "../pattern.js";

/** A subject word: I/we, a pronoun, or a capitalised name (resolved later; unknown names drop the fact). */
export const SUBJ = String.raw`(?:(?<subj>I|we|he|she|they|@?[A-Z][\w']{1,40})\s+)`;
/** An optional subject: absent means the author, and then the rule must open the clause. */
export const SUBJ_OPT = `${SUBJ}?`;
/** Adverbs chat puts between subject and verb. */
export const ADV = String.raw`(?:(?:also|just|finally|currently|still|now|really|actually|basically|officially|recently|lately|mostly|remotely|professionally)\s+)*`;
/** Where an object's name ends: a preposition or time word after it, punctuation, emoji, or the clause's end. */
export const END = String.raw`(?=\s+(?:as|for|since|from|in|on|and|before|after|because|with|now|today|yesterday|last|this|next|when|where|who|which|lately|these|every|at|to|but|so|is|was|again|too|btw|lol|haha|tbh|honestly|professionally|mostly|a lot|all day|right now|done|more than|though|tho|anyway)\b|\s*[,.!?;:()+]|\s*[\p{Extended_Pictographic}]|$)`;
/** An object's name: a few words, lazily, up to END. */
export const OBJ = String.raw`(?<obj>[\p{L}\p{N}][\p{L}\p{N}&'’.\-#+ ]*?)${END}`;
/** An object's name before the rule's fixed words ("X matters to me"): the rule's own text ends it. */
export const HEAD = String.raw`(?<obj>[\p{L}\p{N}][\p{L}\p{N}&'’.\-#+ ]*?)`;
/** A person's name or alias (resolved against the tenant's people). */
export const NAME = String.raw`@?[\p{Lu}][\p{L}\p{N}_']{1,40}`;

/** A rule from a pattern source; `u` for Unicode letters, `i` for chat's lower case. */
export function rule(spec: Omit<Pattern, "re" | "reWithoutSubject"> & { re: string }): Pattern {
  const withoutSubject = spec.re.split(SUBJ_OPT).join("");
  return { ...spec, re: new RegExp(spec.re, "iu"), ...(withoutSubject !== spec.re ? { reWithoutSubject: new RegExp(withoutSubject, "iu") } : {}) };
}
