import { countTokens } from "gpt-tokenizer";

/**
 * Tokens of a text as OpenAI's o200k_base encoding counts them (gpt-tokenizer's
 * default): close to what the models that read the block will count. Pure.
 */
export function tokensOf(text: string): number {
  return countTokens(text);
}

const ELLIPSIS = "…";

/**
 * The longest prefix of `text` (cut at a character boundary, ending in `…`)
 * for which `measure(prefix)` stays within `maxTokens`; null when not even
 * `…` alone fits. `measure` lets callers count the text inside its line.
 * Binary search: about log2(length) counts.
 */
export function truncateToTokens(text: string, maxTokens: number, measure: (candidate: string) => number = tokensOf): string | null {
  if (measure(text) <= maxTokens) return text;
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length - 1;
  let best: string | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const candidate = chars.slice(0, mid).join("").trimEnd() + ELLIPSIS;
    if (measure(candidate) <= maxTokens) {
      best = candidate;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return best;
}

/** Cuts `text` to at most `maxChars` characters, ending in `…` when cut. */
export function capChars(text: string, maxChars: number): string {
  const chars = Array.from(text.replace(/\s+/g, " ").trim());
  return chars.length <= maxChars ? chars.join("") : chars.slice(0, maxChars - 1).join("").trimEnd() + ELLIPSIS;
}
