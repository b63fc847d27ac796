/** Words of a text: runs of non-space characters. Pure. */
export function wordCount(text: string | null | undefined): number | null {
  if (typeof text !== "string") return null;
  return text.split(/\s+/).filter((w) => w.length > 0).length;
}

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
