import nlp from "compromise";
import { SPEAKER_PREFIX, withoutSpeaker } from "./textKeys.js";

/**
 * A standing instruction: a turn in which the user tells the assistant how to
 * answer from then on ("Always include version numbers when I ask about
 * libraries", "Never use emojis in your answers", "From now on, answer in
 * French"). It matters whenever a later question falls under it, yet it shares
 * few words and little meaning with that question ("Which libraries does this
 * project use?"), so search keeps a list of them of its own
 * (search/searchQueries.ts, standingHits).
 *
 * The turn's first sentence (after a "Speaker: " it is stored with) must be an instruction (an imperative after
 * "always", "never", "from now on" or "going forward"; "Always good to hear!"
 * is not one) and must say when it applies or that it is about the answers:
 * a condition on what the user asks or does ("when I ask…", "whenever I…",
 * "if I…"), "from now on", or the assistant's answers, replies or responses.
 * "Never give up on your dreams!" is advice, not an instruction. Pure.
 */
export function isStandingInstruction(text: string): boolean {
  const body = withoutSpeaker(text);
  if (body.length > MAX_CHARACTERS || !OPENS.test(text)) return false;
  const first = nlp(body).sentences().eq(0);
  if (!first.found) return false;
  return INSTRUCTION.some((pattern) => first.has(pattern)) && APPLIES.test(first.text());
}

/** An instruction longer than a paragraph is a plan or a request, not a rule to keep. */
const MAX_CHARACTERS = 600;

/**
 * The words an instruction opens with, after a "Speaker: " if any: most texts
 * are ruled out before they are parsed. A regular expression that Java reads
 * the same, so the start-up backfill (app/migrations.ts) picks the texts the
 * worker would look at.
 */
export const STANDING_OPENER = `^(?:${SPEAKER_PREFIX})?` + String.raw`\s*(?:please\s+)?(?:always|never|from now on|going forward)\b`;
const OPENS = new RegExp(STANDING_OPENER, "i");

/**
 * What the embedding worker stores as a node's `standing`: true for a standing
 * instruction or a stated preference (statedPreference), false for a text that
 * opens as an instruction would and is neither, null (nothing stored) for the
 * rest, so a backfill can tell a text it has looked at from one it has not. Pure.
 */
export function standingMark(text: string): boolean | null {
  if (OPENS.test(text)) return isStandingInstruction(text) || statedPreference(text) !== null;
  return statedPreference(text) !== null ? true : null;
}

/**
 * A preference the user states, in any sentence of a turn ("I prefer
 * step-by-step explanations with code", "I'd rather keep the budget under
 * $500"): like an instruction it governs later answers that share few words
 * with it, so it joins the same list. The text kept is the sentence from "I
 * prefer" on, cut where a question follows it (", how do I…") and at
 * PREFERENCE_WORDS words: what the preference is about. Null when the text
 * states none. Pure.
 */
export function statedPreference(text: string): string | null {
  const body = withoutSpeaker(text);
  const at = body.search(PREFERENCE);
  if (at < 0) return null;
  const rest = body.slice(at);
  const end = rest.search(SENTENCE_END);
  const sentence = end < 0 ? rest : rest.slice(0, end);
  const clause = sentence.split(QUESTION_AFTER)[0]!.trim();
  return clause.split(/\s+/).slice(0, PREFERENCE_WORDS).join(" ");
}

/**
 * "I prefer", "I'd prefer", "I would much rather"…: in the first person, so a
 * text about someone else's preference ("she prefers tea") is not one. A
 * regular expression Java reads the same (the backfill in app/migrations.ts
 * finds it in the middle of a text).
 */
export const PREFERENCE_PHRASE = String.raw`\bI(?:['\u2019]d|\s+would)?\s+(?:really\s+|much\s+|generally\s+|usually\s+|strongly\s+)?(?:prefer|rather)\b`;
const PREFERENCE = new RegExp(PREFERENCE_PHRASE, "i");
const SENTENCE_END = /(?<=[.?!])\s+|\n+/;
/** Where the sentence turns to a question or a new request: ", how do I…", ", but can you…". */
const QUESTION_AFTER = /,\s*(?=(?:how|what|can|could|would|should|do|does|is|are|and can|but|so)\b)/i;
/** Long enough for what the preference is about, short enough that the rest of a long turn does not blur it. */
const PREFERENCE_WORDS = 25;

/** In compromise's match syntax: a verb after "always" or "never", or after "from now on" or "going forward"; "please" allowed. */
const INSTRUCTION = ["^(please)? (always|never) (please)? #Verb", "^(from now on|going forward) (please)? (always|never)? #Verb"];

/** When it applies: a condition on the user, from now on, or the assistant's answers. */
const APPLIES = /\b(?:when(?:ever)? i|if i|each time i|every time i|from now on|going forward|(?:your|the) (?:answers?|repl(?:y|ies)|responses?))\b/i;

/**
 * The text of when a standing instruction applies, whose vector search
 * compares a question with: the clause after "when I", "whenever I" or "if I"
 * ("ask about software dependencies or libraries used"), which says what the
 * questions it governs are about; the whole instruction when it has no such
 * clause ("From now on, answer in French"); for a stated preference, the
 * preference (statedPreference). Pure.
 */
export function standingCondition(text: string): string {
  // An instruction keeps its own clause; it is parsed again only when it also states a preference (rare).
  const preference = statedPreference(text);
  if (preference && !isStandingInstruction(text)) return preference;
  const body = withoutSpeaker(text).trim();
  const clause = CONDITION.exec(body)?.[1]?.trim();
  return clause ? clause : body;
}

const CONDITION = /\b(?:when(?:ever)? i|if i|each time i|every time i)\b(.+)$/is;

