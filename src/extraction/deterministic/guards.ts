import type { GuardReason } from "./pattern.js";

/** Each guard: the cue words that make a clause state no fact of the speaker's present or past. */
const GUARDS: ReadonlyArray<[GuardReason, RegExp]> = [
  ["question", /\?|^(?:do|does|did|are|is|was|were|should|would|could|can|will|have|has|anyone|who|what|where|when|why|how)\b/i],
  ["negation", /\b(?:not|never|no longer|nobody|no one|nothing|anymore|don't|doesn't|didn't|isn't|wasn't|aren't|can't|cannot|couldn't|won't|nope|gave up|dropped out|skipped|missed)\b|n't\b/i],
  ["hypothetical", /\b(?:if|unless|would|could|might|maybe|perhaps|imagine|what if|someday|one day|thinking about)\b|\bmay\b(?!\s+\d)(?<!\b(?:in|since|of|until|from|last|this|early|late|mid)\s+may)/i],
  ["wish", /\b(?:wish|hope|want to|wanna|love to|like to|should|dream|kill for|wouldn't mind|plan to|planning to|planning on)\b/i],
  ["reported", /\b(?:said|says|say|told me|tells me|claims?|apparently|thinks|think|heard|according to|supposedly|pretty sure|not sure|I guess)\b/i],
  ["joke", /😂|🤣|\blmao\b|\blmfao\b|\bjk\b|\/s\b|\byeah right\b|\bbow down\b|\bking of\b|\bprofessional napper\b/i],
  ["future", /\b(?:going to|gonna|will|next (?:week|month|year)|tomorrow|soon|from next)\b/i],
];

/** Cues that a clause is said half in jest: its facts keep a lowered confidence. */
const SOFT_JOKE = /\b(?:lol|haha+|lmk|ngl|lowkey)\b/i;

/** The guards a clause trips (empty: it may state facts). */
export function guardsFor(clause: string): GuardReason[] {
  return GUARDS.filter(([, re]) => re.test(clause)).map(([reason]) => reason);
}

/** Multiplier on confidence for a clause with soft joke markers ("lol", "haha"). */
export function jokeDiscount(clause: string): number {
  return SOFT_JOKE.test(clause) ? 0.8 : 1;
}
