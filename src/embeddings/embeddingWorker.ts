import type { ContextMode } from "../config/config.js";
import type { GraphTarget } from "../graph/executor.js";
import type { Logger } from "../logging/logger.js";
import type { Embedder, EmbeddingWorker } from "../core/embedder.js";
import type { EmbeddedType } from "../core/schemaFacts.js";
import { EVERY_CLAIM_GRANTED, type WorkClaims } from "../core/workClaims.js";
import { commitBatch, embedBatch, readBatch, type ReadBatch } from "./embedBatch.js";
import { SWEEP_LIMIT, sweepOrphanPassages } from "./orphanPassages.js";
import { passLoop } from "../core/passLoop.js";
import { executor } from "../graph/executor.js";
import { noRows } from "../graph/statement.js";

/** Nodes the worker reads and embeds at a time, unless told otherwise. */
export const EMBEDDING_BATCH_SIZE = 128;

/**
 * How long a claim on a node keeps the other gateways off it (core/workClaims.ts): longer than any batch takes to
 * embed and write, short enough that a node whose gateway died is embedded by another within a poll or two.
 */
const CLAIM_TTL_MS = 60_000;
/** How long a claim outlives its written batch: another gateway's read from before the write then still finds it held. */
const CLAIM_LINGER_MS = 10_000;

/**
 * A pass of extra embedding work (facts, for instance) run after the node
 * passes; returns how many items it handled, 0 when nothing was left.
 */
export type EmbeddingPass = (embedder: Embedder) => Promise<number>;

export interface EmbeddingWorkerOptions {
  driver: GraphTarget["driver"];
  database: string;
  embedder: Embedder;
  /** How contextual vectors are made: EMBEDDING_CONTEXT's value (no default of its own). */
  contextMode: ContextMode;
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
  /**
   * Which gateway embeds a node when several share the store (REDIS_URL): without claims every gateway's worker
   * read the same PENDING nodes and embedded them each (with two gateways, 263 of 300 memories twice).
   */
  claims?: WorkClaims;
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
  const { driver, database, embedder, contextMode, keys = false, types, logger, extraPasses = [], extraPassLabels = [], batchSize = EMBEDDING_BATCH_SIZE, pollMs = 30_000, wakeDelayMs = 100, claims = EVERY_CLAIM_GRANTED } = options;
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

  /** A node's claim key: its type, tenant and id. */
  const claimKey = (type: EmbeddedType, row: { tenantId: string; id: string }) => `${type.label}/${row.tenantId}/${row.id}`;

  /** The part of a batch read that this process claimed (all of it on one process). */
  async function claimed(type: EmbeddedType, read: ReadBatch): Promise<ReadBatch> {
    const held = await claims.claim("embedding", read.rows.map((r) => claimKey(type, r)), CLAIM_TTL_MS);
    if (held.size === read.rows.length) return read;
    const rows = read.rows.filter((r) => held.has(claimKey(type, r)));
    return { ...read, size: rows.length, ids: rows.map((r) => r.id), rows };
  }

  /** Gives the batch's claims back: lingering once written, at once when embedding or writing it failed. Never throws. */
  const release = (type: EmbeddedType, batch: ReadBatch, lingerMs = 0) => claims.release("embedding", batch.rows.map((r) => claimKey(type, r)), lingerMs);

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
      // and written while the one after it is embedded. Nodes another gateway has claimed are left to it, and
      // skipped by this pass's later reads.
      const elsewhere: string[] = [];
      let writing: { ids: string[]; done: Promise<void> } | null = null;
      let next: Promise<ReadBatch | null> | null = readBatch(target, type, batchSize);
      while (!stopped && next) {
        const read: ReadBatch | null = await next;
        if (!read) break;
        const mine = await claimed(type, read);
        elsewhere.push(...read.ids.filter((id) => !mine.ids.includes(id)));
        const embedded = mine.size > 0 ? embedBatch(target, mine) : null;
        next = read.size < batchSize ? null : readBatch(target, type, batchSize, [...(writing?.ids ?? []), ...read.ids, ...elsewhere]);
        next?.catch(() => {}); // awaited on the next turn, or below when this one fails
        if (!embedded) continue;
        const batch = await embedded.catch(async (err: unknown) => {
          await Promise.allSettled([next, writing?.done, release(type, mine)]);
          throw err;
        });
        await writing?.done;
        const done = commitBatch(target, batch).then(
          () => release(type, mine, CLAIM_LINGER_MS),
          async (err: unknown) => {
            await release(type, mine);
            throw err;
          },
        );
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
    async drain() {
      full = true;
      await loop.drain();
      // With SEARCH_WORD_INDEX_REFRESH=background the word indexes are eventually consistent (app/migrations.ts): drained
      // means found by words too, keys included. With `commit` there is nothing queued and it returns at once.
      await executor({ driver, database }).read(WORD_INDEXES_APPLIED);
    },
    stats: () => ({ behindSince, failures }),
    async stop() {
      stopped = true;
      await loop.stop();
    },
  };
}

/** Returns once Neo4j has applied every committed change to the eventually consistent full-text indexes. */
const WORD_INDEXES_APPLIED = noRows("CALL db.index.fulltext.awaitEventuallyConsistentIndexRefresh()", {});
