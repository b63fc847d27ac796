import { percentile } from "../locomo/metrics.js";

/** Times of the same requests with a flat selection and with a nested one, taken alternately in one run. */
export interface FlatVsNested {
  flat: number[];
  nested: number[];
}

/**
 * Sends `count` pairs, flat then nested (the order alternating from pair to
 * pair so neither always runs on a cache the other warmed), after `warmUp`
 * unmeasured pairs; `send(i, nested)` makes request `i` and resolves when it is answered.
 */
export async function flatVsNested(count: number, send: (i: number, nested: boolean) => Promise<unknown>, warmUp = 20): Promise<FlatVsNested> {
  const flat: number[] = [];
  const nested: number[] = [];
  for (let i = 0; i < warmUp + count; i++) {
    for (const isNested of i % 2 ? [true, false] : [false, true]) {
      const t = performance.now();
      await send(i, isNested);
      if (i >= warmUp) (isNested ? nested : flat).push(performance.now() - t);
    }
  }
  return { flat, nested };
}

/** `| flat p50 / p95 | nested p50 / p95 | nested p95 ÷ flat p95 |` cells. */
export function flatVsNestedCells({ flat, nested }: FlatVsNested): string {
  const pair = (xs: number[]) => `${percentile(xs, 50).toFixed(1)} / ${percentile(xs, 95).toFixed(1)} ms`;
  return `${pair(flat)} | ${pair(nested)} | ${(percentile(nested, 95) / percentile(flat, 95)).toFixed(2)}×`;
}
