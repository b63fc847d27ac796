import { percentile } from "../locomo/metrics.js";

/**
 * Times of the same requests sent in several ways, taken in turn in one run:
 * each round sends request `i` once per variant, the order rotating from
 * round to round so no variant always runs on a cache another one warmed.
 * `warmUp` rounds are not measured.
 */
export async function timeVariants<K extends string>(count: number, variants: Record<K, (i: number) => Promise<unknown>>, warmUp = 20): Promise<Record<K, number[]>> {
  const names = Object.keys(variants) as K[];
  const times = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < warmUp + count; i++) {
    for (let j = 0; j < names.length; j++) {
      const name = names[(i + j) % names.length]!;
      const t = performance.now();
      await variants[name](i);
      if (i >= warmUp) times[name].push(performance.now() - t);
    }
  }
  return times;
}

/** A table row: the variant, its p50 / p95, and its p95 against the baseline's. */
export function variantRow(name: string, times: number[], baseline: number[]): string {
  const ratio = percentile(times, 95) / percentile(baseline, 95);
  return `| ${name} | ${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms | ${ratio.toFixed(2)}× |`;
}
