import type { ContextMode } from "../config/config.js";
import type { GraphTarget } from "../graph/executor.js";
import type { Logger } from "../logging/logger.js";
import type { Embedder, EmbeddingWorker } from "../core/embedder.js";
import type { EmbeddedType } from "../core/schemaFacts.js";
import { commitBatch, embedBatch, readBatch, type ReadBatch } from "./embedBatch.js";
import { SWEEP_LIMIT, sweepOrphanPassages } from "./orphanPassages.js";
import { passLoop } from "../core/passLoop.js";

/** Nodes the worker reads and embeds at a time, unless told otherwise. */
export const EMBEDDING_BATCH_SIZE = 128;

/**
 * A pass of extra embedding work (facts, for instance) run after the node
 * passes; returns how many items it handled, 0 when nothing was left.
 */
export type EmbeddingPass = (embedder: Embedder) => Promise<number>;

export interface EmbeddingWorkerOptions {
  driver: GraphTarget["driver"];
  database: string;
  embedder: Embedder;
  /** How contextual vectors are made (config EMBEDDING_CONTEXT); joint by default. */
  contextMode?: ContextMode;
  /** Store each text's keys for search (SEARCH_SHARED_KEYS). */
  keys?: boolean;
  types: readonly EmbeddedType[];
  logger: Logger;
  extraPasses?: EmbeddingPass[];
  /** Node types whose writes may leave work for the extra passes (facts: Person and the types facts point at). */
  extraPassLabels?: readonly string[];
  batchSize?: number;
  /** Safety net for writes made outside this process: look again this often. */
  pollMs?: number;
  /**
   * A wake-up starts a pass this much later, and wake-ups meanwhile join it:
   * a stream of writes costs a pass per interval, not a pass per write.
   */
  wakeDelayMs?: number;
}

/**
 * Embeds what the gateway writes, after the write has committed. Every write
 * of an `@embedded` type sets `embeddingStatus: PENDING` in its own
 * transaction, so a node is never lost: if the process dies, the next start
 * finds it still PENDING. The worker re-embeds only when the text (or the
 * model) changed, and writes a vector only if the text it read is still the
 * text stored, so a concurrent update is never overwritten with a stale vector.
 */
export function createEmbeddingWorker(options: EmbeddingWorkerOptions): EmbeddingWorker {
  const { driver, database, embedder, contextMode = "joint", keys = false, types, logger, extraPasses = [], extraPassLabels = [], batchSize = EMBEDDING_BATCH_SIZE, pollMs = 30_000, wakeDelayMs = 100 } = options;
  const embedded = new Set(types.map((t) => t.label));
  const extraLabels = new Set(extraPassLabels);
  // What the next pass reads. A wake-up for a generated write names the types it wrote, and the pass reads only
  // those: under load a pass per wake-up over all eleven embedded types and the facts cost more statements than the
  // writes themselves. A poll, drain(), or a write that names nothing (hand-written) reads everything.
  let hinted: Set<string> | null = null;
  let full = true;
  let stopped = false;
  let failures = 0;
  // Set by the first wake-up after the worker was last idle; cleared when a pass finds nothing left.
  let behindSince: number | null = null;
  const target = { driver, database, embedder, contextMode, keys };

  /**
   * Every type woken for (or every type), each until none is pending, then the extra passes: true when
   * an extra pass did work (it may have left more), so another pass follows.
   */
  async function pass(): Promise<boolean> {
    const only = full || hinted === null ? null : hinted;
    hinted = null;
    full = false;
    for (const type of types) {
      // Stopped mid-pass: a read started now would never be awaited, and would fail unhandled once the driver closes.
      if (stopped) break;
      if (only && !only.has(type.label)) continue;
      // Pipelined, so the model is never left waiting: the next batch is read while this one is embedded,
      // and written while the one after it is embedded.
      let writing: { ids: string[]; done: Promise<void> } | null = null;
      let next: Promise<ReadBatch | null> | null = readBatch(target, type, batchSize);
      while (!stopped && next) {
        const read: ReadBatch | null = await next;
        if (!read) break;
        const embedded = embedBatch(target, read);
        next = read.size < batchSize ? null : readBatch(target, type, batchSize, [...(writing?.ids ?? []), ...read.ids]);
        next?.catch(() => {}); // awaited on the next turn, or below when this one fails
        const batch = await embedded.catch(async (err: unknown) => {
          await Promise.allSettled([next, writing?.done]);
          throw err;
        });
        await writing?.done;
        const done = commitBatch(target, batch);
        done.catch(() => {}); // awaited on the next turn; this only keeps it from counting as unhandled meanwhile
        writing = { ids: batch.ids, done };
      }
      await writing?.done;
    }
    let extras = 0;
    if (!only || [...only].some((label) => extraLabels.has(label))) for (const extra of extraPasses) if (!stopped) extras += await extra(embedder);
    // A full pass (a poll, a drain, a wake-up naming no type) also clears passages left by deleted nodes; a full sweep may have left more.
    if (!only && !stopped && (await sweepOrphanPassages(target)) === SWEEP_LIMIT) extras++;
    failures = 0;
    return extras > 0;
  }

  const loop = passLoop({
    pass,
    pollMs,
    wakeDelayMs,
    onIdle: () => {
      behindSince = null;
    },
    onFailure: (err) => {
      failures++;
      logger.error({ err }, "Embedding pass failed; pending nodes stay PENDING and are retried");
      return Math.min(30_000, 500 * 2 ** failures);
    },
  });

  return {
    wake(labels) {
      if (labels) {
        const relevant = labels.filter((label) => embedded.has(label) || extraLabels.has(label));
        if (relevant.length === 0) return;
        if (!full) relevant.forEach((label) => (hinted ??= new Set()).add(label));
      } else full = true;
      behindSince ??= Date.now();
      loop.wake();
    },
    drain: () => {
      full = true;
      return loop.drain();
    },
    stats: () => ({ behindSince, failures }),
    async stop() {
      stopped = true;
      await loop.stop();
    },
  };
}
