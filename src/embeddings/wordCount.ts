/**
 * Words of a text: runs of non-space characters. The embedding worker stores
 * the turn before's count (`priorWords`) and search's length prior counts a
 * turn's own: one count for both. Pure.
 */
export function wordCount(text: string | null | undefined): number | null {
  if (typeof text !== "string") return null;
  return text.split(/\s+/).filter((w) => w.length > 0).length;
}
