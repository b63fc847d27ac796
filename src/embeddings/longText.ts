import type { EmbeddingWindow } from "../core/embedder.js";
import { passagesOf, type Passage } from "./passages.js";

/** Tokens of the end of one passage that the next repeats. */
export const PASSAGE_OVERLAP_TOKENS = 64;

/**
 * Tokens of the turn before that a turn's contextual text starts with. The
 * whole turn before, as it was, filled a 512-token window on its own when it
 * was a long assistant answer, and the reply after it was cut off unseen: on
 * long user-assistant chats (BEAM 100K) the last 64 tokens of the turn before
 * found replies as the whole of it never did (docs/benchmarks.md).
 */
export const CONTEXT_TAIL_TOKENS = 64;

/**
 * Words of the turn before up to which search ranks a turn by its contextual
 * vector alone; after a longer one, by its own (search/ranking's
 * `afterLongWords`, tuned on LoCoMo and BEAM together: docs/benchmarks.md).
 * With EMBEDDING_CONTEXT=single the worker embeds only the text search reads.
 */
export const CONTEXT_AFTER_WORDS = 200;

/** What a node's text is embedded as, besides itself: its contextual text, and its passages when it is too long for one vector. */
export interface TextParts {
  /** The end of the text before it in its conversation, then the text (the text itself without one). */
  context: string;
  /** Empty when the text fits the model's window. */
  passages: Passage[];
}

/** The longest run of whole words at the end of `text` that is at most `tokens` long. Pure. */
export function textTail(text: string, tokens: number, countTokens: (text: string) => number): string {
  // Every word is at least one token: the answer is among the last `tokens` words.
  const words = text.split(/\s+/).filter((w) => w.length > 0).slice(-tokens);
  let low = 0;
  let high = words.length;
  // The fewest words to drop from the front so that the rest fits (binary search: the count grows with the words kept).
  while (low < high) {
    const mid = (low + high) >> 1;
    if (countTokens(words.slice(mid).join(" ")) <= tokens) high = mid;
    else low = mid + 1;
  }
  return words.slice(low).join(" ");
}

/**
 * A node's text as the model will take it. A text longer than the window is
 * split into passages, each embedded and indexed, so no part of it is cut off
 * unseen. The contextual text is the end of the text before it, then the text.
 * Without a known window, the whole text before it, then the text.
 */
export function longTextParts(text: string, previousText: string, window: EmbeddingWindow | undefined): TextParts {
  const passages =
    window && text.length > 0 && window.countTokens(text) > window.maxTokens
      ? passagesOf(text, { maxTokens: window.maxTokens, overlapTokens: PASSAGE_OVERLAP_TOKENS, countTokens: window.countTokens })
      : [];
  const before = previousText && window ? textTail(previousText, CONTEXT_TAIL_TOKENS, window.countTokens) : previousText;
  const context = before ? `${before}\n${text}` : text;
  return { context, passages: passages.length > 1 ? passages : [] };
}
