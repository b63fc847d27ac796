import type { Embedder } from "../core/embedder.js";

/** What a probe embeds: one short passage, a few milliseconds for the local model. */
const PROBE_TEXT = "Mnemograph model check";

export interface ModelHealthOptions {
  /** How long `loaded()` waits for a probe before answering false (the probe goes on; the next check reuses it). */
  probeWaitMs?: number;
}

/**
 * The embedder, with `loaded()` saying whether its model answers now, for
 * /health's `model_loaded`: the outcome of the last embedding call, so a
 * model that fails (an endpoint down, the local model's thread gone) shows at
 * once, and no call is made while it answers. Until a first call, and after a
 * failure, `loaded()` re-checks with one short embedding (one at a time,
 * awaited at most `probeWaitMs`), so the model is seen back up even when no
 * traffic arrives (a readiness probe holds traffic off while it is false).
 */
export function withModelHealth(embedder: Embedder, { probeWaitMs = 2000 }: ModelHealthOptions = {}): Embedder {
  let answered: boolean | null = null;
  let probe: Promise<boolean> | null = null;
  const recorded = <T>(call: Promise<T>): Promise<T> =>
    call.then(
      (value) => ((answered = true), value),
      (err: unknown) => {
        answered = false;
        throw err;
      },
    );
  const check = () =>
    (probe ??= recorded(embedder.embedPassages([PROBE_TEXT])).then(
      () => true,
      () => false,
    ).finally(() => (probe = null)));
  return {
    model: embedder.model,
    dimensions: embedder.dimensions,
    ...(embedder.window ? { window: embedder.window } : {}),
    embedPassages: (texts) => recorded(embedder.embedPassages(texts)),
    embedQueries: (texts) => recorded(embedder.embedQueries(texts)),
    async loaded() {
      if (answered === true) return true;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), probeWaitMs)));
      try {
        return await Promise.race([check(), waited]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => embedder.close(),
  };
}
