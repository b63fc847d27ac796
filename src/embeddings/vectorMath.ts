/** Cosine similarity of two unit vectors (what the embedders return): their dot product. Pure. */
export function unitCosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * (b[i] ?? 0);
  return dot;
}

/** Cosine similarity of two vectors of the same length, unit or not (centroids are not); 0 when either is all zeros. Pure. */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`cosine: vectors of ${a.length} and ${b.length} dimensions`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** The mean of some vectors (a cluster's centroid). Pure. */
export function mean(vectors: readonly (readonly number[])[]): number[] {
  const out = new Array<number>(vectors[0]?.length ?? 0).fill(0);
  for (const v of vectors) for (let i = 0; i < out.length; i++) out[i]! += v[i]! / vectors.length;
  return out;
}

/** The mean of some unit vectors, scaled back to unit length (a long text's vector from its passages'). Pure. */
export function meanVector(vectors: readonly (readonly number[])[]): number[] {
  const m = mean(vectors);
  const norm = Math.sqrt(m.reduce((s, x) => s + x * x, 0));
  return norm === 0 ? m : m.map((x) => x / norm);
}
