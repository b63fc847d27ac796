/**
 * Turns a batch of token vectors (`[batch, tokens, dims]`, row-major) into one
 * unit-length vector per input. Pure; the model's own pooling must be used:
 * all-MiniLM averages the real tokens, BGE takes the [CLS] token.
 */
export function poolAndNormalize(
  hidden: Float32Array,
  dims: readonly [number, number, number],
  attentionMask: readonly (readonly number[])[],
  pooling: "mean" | "cls",
): number[][] {
  const [batch, tokens, width] = dims;
  const vectors: number[][] = [];
  for (let b = 0; b < batch; b++) {
    const vector = new Array<number>(width).fill(0);
    const mask = attentionMask[b] ?? [];
    if (pooling === "cls") {
      for (let d = 0; d < width; d++) vector[d] = hidden[b * tokens * width + d]!;
    } else {
      let count = 0;
      for (let t = 0; t < tokens; t++) {
        if (!mask[t]) continue;
        count++;
        const base = (b * tokens + t) * width;
        for (let d = 0; d < width; d++) vector[d]! += hidden[base + d]!;
      }
      for (let d = 0; d < width; d++) vector[d]! /= Math.max(count, 1);
    }
    vectors.push(normalize(vector));
  }
  return vectors;
}

/** Scales a vector to length 1 (a zero vector stays zero). */
export function normalize(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  return norm === 0 ? vector : vector.map((x) => x / norm);
}
