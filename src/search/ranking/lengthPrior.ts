/**
 * A document-length prior for conversational turns: a short turn ("Thanks!",
 * "Wow, that's great") matches a query word or two by chance and rarely holds
 * an answer, and BM25's length normalisation even favours it. A turn of
 * `fullWords` words or more keeps its score; a shorter one loses up to `share`
 * of it in proportion to how short it is. Unknown length: no change. Pure.
 */
export function lengthWeight(words: number | null | undefined, share: number, fullWords: number): number {
  if (words == null || share <= 0) return 1;
  return 1 - share + share * Math.min(1, words / Math.max(1, fullWords));
}

/**
 * The other end of the length prior: a turn far longer than a chat line (a
 * long assistant answer, a pasted plan) shares some words and some meaning
 * with almost any query, and its vector is the mean of many passages, yet it
 * rarely is what a question asks about: on long user-assistant chats (BEAM)
 * most answers are in the user's short turns. A turn of more than `longWords`
 * words loses `share` × (1 − longWords / words) of its score: nothing at
 * `longWords`, approaching `share` as it grows. Unknown length or share 0: no
 * change. Pure.
 */
export function longWeight(words: number | null | undefined, share: number, longWords: number): number {
  if (words == null || share <= 0 || words <= longWords) return 1;
  return 1 - share * (1 - Math.max(0, longWords) / words);
}
