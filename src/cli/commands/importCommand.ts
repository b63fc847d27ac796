import { stat } from "node:fs/promises";
import path from "node:path";
import { InvalidArgumentError, Option, type Command } from "commander";
import { EMPTY_PROGRESS, loadCheckpoint, saveCheckpoint, type ImportIdentity, type ImportProgress } from "../import/checkpoint.js";
import { IMPORT_FORMATS, type ImportFormat, type ImportMessage } from "../import/importRecord.js";
import { READERS } from "../import/readRecords.js";
import { BatchRefused, runImport, type BatchResult } from "../import/runImport.js";
import { DEFAULT_RETRIES, retrying } from "../import/retrying.js";
import { call, connect, GatewayRefused, passingFailure, withConnectionOptions, type ConnectionOptions } from "./connection.js";
import { CliError, ExitCode } from "./exitCodes.js";
import { importTenantFile } from "./importTenantFile.js";
import { emit, type OutputOptions } from "./output.js";
import { progressBar } from "./progressBar.js";
import { readInputFile } from "./readInputFile.js";

const RECORD = /* GraphQL */ `
  mutation ImportMessages($messages: [MessageImportInput!]!, $rememberAs: ID) {
    recordMessages(messages: $messages, rememberAs: $rememberAs) { created existing memoriesCreated }
  }
`;

interface ImportOptions extends ConnectionOptions, OutputOptions {
  format: ImportFormat;
  agent?: string;
  tenant?: string;
  batch: number;
  checkpoint?: string;
  restart?: boolean;
  progress: boolean;
  retries: number;
}

/** The gateway's batch limit (recordMessages takes at most 1,000). */
const MAX_BATCH = 1000;
/** Lines of an export per request: with vectors a line is about 8 KB, and a request at most MAX_BODY_BYTES (4 MB by default). */
const MAX_TENANT_BATCH = 200;

function retryCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 100) throw new InvalidArgumentError("a whole number from 0 to 100");
  return n;
}

function batchSize(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_BATCH) throw new InvalidArgumentError(`a whole number from 1 to ${MAX_BATCH}`);
  return n;
}


function summaryText(file: string, p: ImportProgress, total: number, seconds: number, resumedAt: number): string {
  const lines = [
    `Imported ${file}: ${p.done}/${total} records handled${resumedAt > 0 ? ` (resumed at ${resumedAt})` : ""} in ${seconds.toFixed(1)} s`,
    `  ${p.created} messages stored, ${p.existing} already stored, ${p.memoriesCreated} memories created, ${p.skipped.length} records skipped`,
    ...p.skipped.slice(0, 50).map((s) => `  skipped ${s.ref}: ${s.error}`),
    ...(p.skipped.length > 50 ? [`  … and ${p.skipped.length - 50} more (--json lists them all)`] : []),
  ];
  return lines.join("\n");
}

async function importFile(file: string, options: ImportOptions): Promise<void> {
  if (options.format === "mnemograph") {
    if (options.agent) throw new CliError("--agent is for conversation histories: a mnemograph export already holds its memories", ExitCode.USAGE);
    return importTenantFile(file, { ...options, batch: Math.min(options.batch, MAX_TENANT_BATCH) });
  }
  if (options.tenant) throw new CliError("--tenant is for --format mnemograph: messages go into the caller's tenant", ExitCode.USAGE);
  const records = await readInputFile(file, `a ${options.format} file`, READERS[options.format]);
  const absolute = path.resolve(file);
  const identity: ImportIdentity = { file: absolute, size: (await stat(absolute)).size, format: options.format, agent: options.agent ?? null };
  const checkpointPath = options.checkpoint ?? `${absolute}.mnemograph-import.json`;
  const from = (!options.restart && (await loadCheckpoint(checkpointPath, identity))) || EMPTY_PROGRESS;
  const connection = await connect({ ...options, as: options.as ?? options.agent });
  const bar = progressBar(options, records.length, from.done, "records");
  const started = performance.now();
  let progress: ImportProgress;
  try {
    progress = await runImport({
      records,
      batchSize: options.batch,
      from,
      async send(messages: ImportMessage[]) {
        try {
          // Idempotent by source id: a batch sent again after a lost answer is found stored, not doubled.
          const variables = { messages, rememberAs: options.agent ?? null };
          return (await retrying(() => call<{ recordMessages: BatchResult }>(connection.client, RECORD, variables), passingFailure, options.retries)).recordMessages;
        } catch (err) {
          if (err instanceof GatewayRefused && err.code === "BAD_USER_INPUT") {
            // A refusal naming the call's own arguments is no record's fault: stop there.
            throw new BatchRefused(err.message.replace(/^BAD_USER_INPUT: /, ""), !(err.field ?? "").startsWith("recordMessages."), err.field);
          }
          throw err;
        }
      },
      async onBatch(p) {
        await saveCheckpoint(checkpointPath, identity, p, p.done >= records.length);
        bar.update(p.done);
      },
    });
  } catch (err) {
    if (err instanceof BatchRefused) throw new CliError(`BAD_USER_INPUT: ${err.message}`, ExitCode.FAILED, "BAD_USER_INPUT");
    throw err;
  } finally {
    bar.stop();
    await connection.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const sent = progress.done - from.done;
  emit(
    options,
    {
      file: absolute,
      format: options.format,
      records: records.length,
      done: progress.done,
      resumedAt: from.done,
      created: progress.created,
      existing: progress.existing,
      memoriesCreated: progress.memoriesCreated,
      skipped: progress.skipped,
      seconds: Number(seconds.toFixed(3)),
      recordsPerSecond: seconds > 0 ? Number((sent / seconds).toFixed(1)) : null,
      checkpoint: checkpointPath,
    },
    summaryText(file, progress, records.length, seconds, from.done),
  );
  process.exitCode = progress.skipped.length > 0 ? ExitCode.PARTIAL : ExitCode.OK;
}

/** `mnemograph import <file> --format …`: conversation history into messages (and memories), resumable. */
export function importCommand(program: Command): void {
  withConnectionOptions(
    program
      .command("import")
      .description("import messages (and, with --agent, memories) from a Discord export, LoCoMo JSON or JSONL, or a tenant from a `mnemograph export` (--format mnemograph); resumable")
      .argument("<file>", "the file to import")
      .addOption(new Option("--format <format>", "the file's format").choices(IMPORT_FORMATS).makeOptionMandatory())
      .option("--agent <id>", "also store each message as an OBSERVATION memory of this agent (with conversational context vectors)")
      .option("--tenant <id>", "with --format mnemograph: the tenant to import into (default: the caller's; another one only for the gateway's operator)")
      .option("--batch <n>", `messages per request, 1-${MAX_BATCH} (export lines: at most ${MAX_TENANT_BATCH})`, batchSize, 500)
      .option("--checkpoint <file>", "where progress is kept (default: <file>.mnemograph-import.json)")
      .option("--restart", "ignore the checkpoint and start from the first record (stored messages are still skipped by the gateway)")
      .option("--retries <n>", "retries of a batch while the gateway is unavailable, rate-limits or cannot be reached", retryCount, DEFAULT_RETRIES)
      .option("--no-progress", "no progress bar")
      .option("--json", "print the summary as JSON"),
  ).action(importFile);
}
