import type { ImportMessage, ImportRecord } from "./importRecord.js";
import type { ImportProgress, SkippedRecord } from "./checkpoint.js";

/** What the gateway says of one batch. */
export interface BatchResult {
  created: number;
  existing: number;
  memoriesCreated: number;
}

/** A batch the gateway refused: `recordOnly` when the refusal is about a record (a field of one), not the whole call. */
export class BatchRefused extends Error {
  constructor(
    message: string,
    readonly recordOnly: boolean,
    readonly field?: string,
  ) {
    super(message);
    this.name = "BatchRefused";
  }
}

export interface ImportRun {
  records: readonly ImportRecord[];
  batchSize: number;
  /** Where a previous run stopped (its checkpoint), or EMPTY_PROGRESS. */
  from: ImportProgress;
  /** Sends one batch; throws BatchRefused when the gateway refuses it with BAD_USER_INPUT, anything else to stop the import. */
  send(messages: ImportMessage[]): Promise<BatchResult>;
  /** Called after every batch, once it is stored: the moment to write the checkpoint. */
  onBatch(progress: ImportProgress): Promise<void>;
}

type Sent = { ref: string; message: ImportMessage };

/**
 * Sends `sent`; a batch refused for one of its records is halved until the
 * bad records are alone, and those are skipped with the gateway's reason.
 * Each record is written whole or not at all (one transaction per call).
 */
async function sendSplitting(send: ImportRun["send"], sent: Sent[], skipped: SkippedRecord[]): Promise<BatchResult> {
  try {
    return await send(sent.map((s) => s.message));
  } catch (err) {
    if (!(err instanceof BatchRefused) || !err.recordOnly) throw err;
    if (sent.length === 1) {
      skipped.push({ ref: sent[0]!.ref, error: err.message, ...(err.field ? { field: err.field } : {}) });
      return { created: 0, existing: 0, memoriesCreated: 0 };
    }
    const half = Math.ceil(sent.length / 2);
    const a = await sendSplitting(send, sent.slice(0, half), skipped);
    const b = await sendSplitting(send, sent.slice(half), skipped);
    return { created: a.created + b.created, existing: a.existing + b.existing, memoriesCreated: a.memoriesCreated + b.memoriesCreated };
  }
}

/**
 * Imports the records from where `from` stopped, in batches of `batchSize`,
 * in file order. Records that could not be read, and those the gateway
 * refuses, are skipped and reported by their place in the file. Returns the
 * progress of the whole import (the earlier runs' included).
 */
export async function runImport({ records, batchSize, from, send, onBatch }: ImportRun): Promise<ImportProgress> {
  const progress: ImportProgress = { ...from, skipped: [...from.skipped] };
  for (let start = from.done; start < records.length; start += batchSize) {
    const slice = records.slice(start, start + batchSize);
    const readable: Sent[] = [];
    for (const r of slice) {
      if ("error" in r) progress.skipped.push({ ref: r.ref, error: r.error });
      else readable.push(r);
    }
    if (readable.length > 0) {
      const result = await sendSplitting(send, readable, progress.skipped);
      progress.created += result.created;
      progress.existing += result.existing;
      progress.memoriesCreated += result.memoriesCreated;
    }
    progress.done = start + slice.length;
    await onBatch(progress);
  }
  return progress;
}
