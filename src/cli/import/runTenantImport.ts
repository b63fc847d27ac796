import type { ImportProgress } from "./checkpoint.js";

/** What the gateway says of one batch of export lines (POST /api/admin/import). */
export interface TenantBatchResult {
  nodes_created: number;
  nodes_existing: number;
  relationships_created: number;
  relationships_existing: number;
  refused: { line: number; error: string }[];
}

export interface TenantImportRun {
  lines: readonly { line: number; text: string }[];
  batchSize: number;
  /** Where a previous run stopped (its checkpoint), or EMPTY_PROGRESS. */
  from: ImportProgress;
  send(lines: { line: number; text: string }[]): Promise<TenantBatchResult>;
  /** Called after every batch, once it is stored: the moment to write the checkpoint. */
  onBatch(progress: ImportProgress): Promise<void>;
}

/**
 * Imports the data lines of an export from where `from` stopped, in batches
 * (each written whole by the gateway in one transaction), in file order:
 * nodes come before the relationships between them. Lines the gateway refuses
 * are skipped and reported by their line number. `created` and `existing`
 * count nodes and relationships together.
 */
export async function runTenantImport({ lines, batchSize, from, send, onBatch }: TenantImportRun): Promise<ImportProgress> {
  const progress: ImportProgress = { ...from, skipped: [...from.skipped] };
  for (let start = from.done; start < lines.length; start += batchSize) {
    const batch = lines.slice(start, start + batchSize);
    const result = await send(batch);
    progress.created += result.nodes_created + result.relationships_created;
    progress.existing += result.nodes_existing + result.relationships_existing;
    progress.skipped.push(...result.refused.map((r) => ({ ref: `line ${r.line}`, error: r.error })));
    progress.done = start + batch.length;
    await onBatch(progress);
  }
  return progress;
}
