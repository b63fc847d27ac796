import { cosine, mean } from "../embeddings/vectorMath.js";

/**
 * Groups vectors whose meaning is close: each vector, in the order given, joins
 * the cluster whose centroid it is most similar to when that similarity is at
 * least `threshold`, else starts a new cluster. Single pass and order-stable,
 * so the same input always gives the same clusters. Returns clusters as lists
 * of input indices, in order of their first member. Pure.
 */
export function clusterBySimilarity(vectors: readonly (readonly number[])[], threshold: number): number[][] {
  const clusters: { members: number[]; centroid: number[] }[] = [];
  vectors.forEach((v, index) => {
    let best = -1;
    let bestSimilarity = -Infinity;
    clusters.forEach((c, i) => {
      const s = cosine(v, c.centroid);
      if (s >= threshold && s > bestSimilarity) {
        best = i;
        bestSimilarity = s;
      }
    });
    if (best < 0) {
      clusters.push({ members: [index], centroid: [...v] });
      return;
    }
    const cluster = clusters[best]!;
    cluster.members.push(index);
    cluster.centroid = mean(cluster.members.map((m) => vectors[m]!));
  });
  return clusters.map((c) => c.members);
}

/** The member closest on average to the others (the cluster's most typical item), first on ties. Pure. */
export function medoid(members: readonly number[], vectors: readonly (readonly number[])[]): number {
  let best = members[0]!;
  let bestScore = -Infinity;
  for (const m of members) {
    const score = members.reduce((sum, o) => sum + (o === m ? 0 : cosine(vectors[m]!, vectors[o]!)), 0);
    if (score > bestScore) {
      best = m;
      bestScore = score;
    }
  }
  return best;
}
