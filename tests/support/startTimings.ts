import { appendFileSync } from "node:fs";

/**
 * Where the suite's setup time goes: each gateway, Neo4j, CLI or child-process
 * start is appended as one JSON line to the file the summary reporter names in
 * TEST_START_TIMINGS (set before any worker exists, so every worker inherits it).
 * No vitest import here: the global setup runs in the main process.
 */
export type StartKind = "neo4j" | "migrations" | "gateway" | "child gateway" | "cli";

export interface StartTiming {
  kind: StartKind;
  ms: number;
  /** The test file that paid for it, or "global setup". */
  file: string;
  /** Why it was started (a test gateway: shared or its file's own, and why). */
  reason?: string;
  /** A server that lives through the run (Neo4j): the summary reads its CPU from the kernel before it stops. */
  pid?: number;
}

export const START_TIMINGS_ENV = "TEST_START_TIMINGS";

/** Records one start; a no-op when no reporter asked for timings. */
export function recordStart(timing: StartTiming): void {
  const target = process.env[START_TIMINGS_ENV];
  if (!target) return;
  appendFileSync(target, `${JSON.stringify({ ...timing, ms: Math.round(timing.ms) })}\n`);
}

/** Times `start` and records it for `file`. */
export async function timedStart<T>(kind: StartKind, file: string, start: () => Promise<T>, reason?: string, pidOf?: (started: T) => number | undefined): Promise<T> {
  const began = performance.now();
  const result = await start();
  const pid = pidOf?.(result);
  recordStart({ kind, file, ms: performance.now() - began, ...(reason ? { reason } : {}), ...(pid ? { pid } : {}) });
  return result;
}

