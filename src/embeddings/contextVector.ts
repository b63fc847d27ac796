/**
 * A turn's contextual vector without a second model run: its own vector plus
 * its predecessor's, normalised to unit length. On the LoCoMo development set
 * it finds replies as well as embedding the two texts joined did
 * (docs/benchmarks.md), for a third of the model work. Null without a
 * predecessor (search then falls back to the own vector). Pure.
 */
export function contextVector(own: readonly number[], previous: readonly number[] | null): number[] | null {
  if (!previous || previous.length !== own.length) return null;
  const sum = own.map((x, i) => x + previous[i]!);
  const norm = Math.sqrt(sum.reduce((s, x) => s + x * x, 0));
  return norm === 0 ? null : sum.map((x) => x / norm);
}
