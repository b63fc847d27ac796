import type { Embedder } from "../core/embedder.js";

/** Embeds entity names (as passages) once per process and model; names are short and few, and repeat across queries. */
export interface NameVectors {
  get(names: readonly string[]): Promise<number[][]>;
}

/** A bounded cache: the oldest names are forgotten first once `max` are held. */
export function createNameVectors(embedder: Embedder, max = 20_000): NameVectors {
  const cache = new Map<string, number[]>();
  return {
    async get(names) {
      const missing = [...new Set(names.filter((n) => !cache.has(n)))];
      if (missing.length) {
        const vectors = await embedder.embedPassages(missing);
        missing.forEach((name, i) => cache.set(name, vectors[i]!));
        for (const key of cache.keys()) {
          if (cache.size <= max) break;
          cache.delete(key);
        }
      }
      return names.map((n) => cache.get(n)!);
    },
  };
}

