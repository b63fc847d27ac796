import { LRUCache } from "lru-cache";
import type { Embedder } from "../core/embedder.js";

/**
 * Remembers query embeddings: one retrieval run asks several tools about the
 * same sentence (search by meaning over memories and over facts, at once), and
 * agents repeat their questions. Concurrent requests for one text share one
 * computation. Passages are not cached: they are embedded once and stored.
 */
export function withCachedQueries(embedder: Embedder, size = 1000): Embedder {
  const cache = new LRUCache<string, Promise<number[]>>({ max: size });
  const one = (text: string): Promise<number[]> => {
    const hit = cache.get(text);
    if (hit) return hit;
    const computed = embedder.embedQueries([text]).then(([vector]) => vector!);
    cache.set(text, computed);
    computed.catch(() => cache.delete(text)); // a failure is not remembered
    return computed;
  };
  return {
    model: embedder.model,
    dimensions: embedder.dimensions,
    ...(embedder.window ? { window: embedder.window } : {}),
    embedPassages: (texts) => embedder.embedPassages(texts),
    async embedQueries(texts) {
      const missing = [...new Set(texts.filter((t) => !cache.has(t)))];
      if (missing.length > 1) {
        // Several new texts: one batched call, each result cached on its own.
        const batch = embedder.embedQueries(missing);
        missing.forEach((text, i) => {
          const vector = batch.then((vectors) => vectors[i]!);
          cache.set(text, vector);
          vector.catch(() => cache.delete(text));
        });
      }
      // Callers may mutate what they get: each receives its own copy.
      return Promise.all(texts.map(async (t) => [...(await one(t))]));
    },
    // Cached answers say nothing of the model now: its own state is asked.
    ...(embedder.loaded ? { loaded: () => embedder.loaded!() } : {}),
    close: () => embedder.close(),
  };
}
