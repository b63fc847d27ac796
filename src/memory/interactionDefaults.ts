import { wordsOf } from "./context/relevance.js";
import { tagsForWords } from "./context/topicTags.js";

/**
 * The tag every recorded interaction gets by default when its writer gave none:
 * the squad's bot tags its recordings `["discord", "conversation"]` (note,
 * Change 1.4). `discord` is left out of the default: the gateway cannot know
 * the channel, and a memory from another client tagged `discord` would say
 * something false; INTERACTION_TAGS sets it for a gateway serving that bot.
 */
export const INTERACTION_TAG = "conversation";

/**
 * The note's threshold for the opt-in significance filter ("Risks & Mitigations:
 * Memory bloat — only record significant interactions (value score > 0.6)").
 */
export const SIGNIFICANCE_THRESHOLD = 0.6;

/**
 * Tags for an interaction recorded without any: `base` (`conversation`, or
 * INTERACTION_TAGS), then the topic tags the summary's words mean
 * (topicTags.ts: "deploy the release" → `operations`), so the memory context's
 * topic matching finds it. Pure.
 */
export function defaultInteractionTags(summary: string, base: readonly string[] = [INTERACTION_TAG]): string[] {
  return [...new Set([...base, ...tagsForWords(wordsOf(summary))])];
}

/**
 * Whether an interaction is worth storing under the note's rule: its value
 * score (its importance) strictly above the threshold. Pure.
 */
export function isSignificant(importance: number, threshold: number = SIGNIFICANCE_THRESHOLD): boolean {
  return importance > threshold;
}
