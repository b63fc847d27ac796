import { stat } from "node:fs/promises";
import path from "node:path";
import { EMPTY_PROGRESS, loadCheckpoint, saveCheckpoint, type ImportIdentity, type ImportProgress } from "../import/checkpoint.js";
import { readTenantExport } from "../import/readTenantExport.js";
import { DEFAULT_RETRIES, retrying } from "../import/retrying.js";
import { runTenantImport, type TenantBatchResult } from "../import/runTenantImport.js";
import { connect, passingFailure, type ConnectionOptions } from "./connection.js";
import { ExitCode } from "./exitCodes.js";
import { emit, type OutputOptions } from "./output.js";
import { progressBar } from "./progressBar.js";
import { readInputFile } from "./readInputFile.js";
import { restCall, restUrl } from "./restCall.js";

export interface TenantImportOptions extends ConnectionOptions, OutputOptions {
  tenant?: string;
  batch: number;
  checkpoint?: string;
  restart?: boolean;
  progress: boolean;
  retries?: number;
}


function summaryText(file: string, from: string, into: string, p: ImportProgress, total: number, seconds: number, resumedAt: number): string {
  return [
    `Imported ${file} (tenant ${from}) into tenant ${into}: ${p.done}/${total} lines handled${resumedAt > 0 ? ` (resumed at ${resumedAt})` : ""} in ${seconds.toFixed(1)} s`,
    `  ${p.created} nodes and relationships written, ${p.existing} already stored, ${p.skipped.length} lines skipped`,
    ...p.skipped.slice(0, 50).map((s) => `  skipped ${s.ref}: ${s.error}`),
    ...(p.skipped.length > 50 ? [`  … and ${p.skipped.length - 50} more (--json lists them all)`] : []),
  ].join("\n");
}

/**
 * `mnemograph import <file> --format mnemograph [--tenant T]`: a tenant's
 * export written into T (default: the caller's tenant), batch by batch
 * through POST /api/admin/import, resumable from its checkpoint like any
 * import. Re-running it writes nothing new.
 */
export async function importTenantFile(file: string, options: TenantImportOptions): Promise<void> {
  const { header, lines } = await readInputFile(file, "a mnemograph export", readTenantExport);
  const absolute = path.resolve(file);
  const identity: ImportIdentity = { file: absolute, size: (await stat(absolute)).size, format: "mnemograph", agent: null, tenant: options.tenant ?? null };
  const checkpointPath = options.checkpoint ?? `${absolute}.mnemograph-import.json`;
  const from = (!options.restart && (await loadCheckpoint(checkpointPath, identity))) || EMPTY_PROGRESS;
  const connection = await connect(options);
  const bar = progressBar(options, lines.length, from.done, "lines");
  const started = performance.now();
  let progress: ImportProgress;
  try {
    const url = restUrl(connection, "/admin/import");
    progress = await runTenantImport({
      lines,
      batchSize: options.batch,
      from,
      // MERGE by identity: a batch sent again after a lost answer is found stored, not doubled.
      send: (batch) =>
        retrying(async () => (await (await restCall(connection, "POST", url, { tenant: options.tenant, lines: batch })).json()) as TenantBatchResult, passingFailure, options.retries ?? DEFAULT_RETRIES),
      async onBatch(p) {
        await saveCheckpoint(checkpointPath, identity, p, p.done >= lines.length);
        bar.update(p.done);
      },
    });
  } finally {
    bar.stop();
    await connection.close();
  }
  const seconds = (performance.now() - started) / 1000;
  emit(
    options,
    {
      file: absolute,
      format: "mnemograph",
      exportedTenant: header.tenantId,
      tenant: options.tenant ?? null,
      records: lines.length,
      done: progress.done,
      resumedAt: from.done,
      created: progress.created,
      existing: progress.existing,
      skipped: progress.skipped,
      seconds: Number(seconds.toFixed(3)),
      checkpoint: checkpointPath,
    },
    summaryText(file, header.tenantId, options.tenant ?? "of the caller", progress, lines.length, seconds, from.done),
  );
  process.exitCode = progress.skipped.length > 0 ? ExitCode.PARTIAL : ExitCode.OK;
}
