import { createWriteStream, type WriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { InvalidArgumentError, type Command } from "commander";
import { parseHeaderLine, type HeaderLine } from "../../transfer/index.js";
import { connect, withConnectionOptions, type ConnectionOptions } from "./connection.js";
import { CliError, ExitCode } from "./exitCodes.js";
import type { OutputOptions } from "./output.js";
import { progressBar } from "./progressBar.js";
import { restCall, restUrl } from "./restCall.js";

interface ExportOptions extends ConnectionOptions, OutputOptions {
  tenant?: string;
  out?: string;
  vectors?: boolean;
  pageSize: number;
  progress: boolean;
}

function pageSize(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new InvalidArgumentError("a whole number from 1 to 1000");
  return n;
}

/** The lines of a streamed body, as they arrive. */
async function* linesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split("\n");
    rest = lines.pop()!;
    yield* lines.filter((l) => l !== "");
  }
  if (rest !== "") yield rest;
}

const total = (counts: HeaderLine["counts"]) => Object.values(counts.nodes).reduce((a, b) => a + b, 0) + Object.values(counts.relationships).reduce((a, b) => a + b, 0);

const write = (out: NodeJS.WritableStream, text: string) => new Promise<void>((resolve, reject) => out.write(text, (err) => (err ? reject(err) : resolve())));

/**
 * Streams the export into `--out` (through `<out>.partial`, renamed once the
 * stream ended well: a failed export never leaves a file that looks whole) or
 * stdout. The summary goes to stdout with --out, else to stderr.
 */
async function exportTenant(options: ExportOptions): Promise<void> {
  const connection = await connect(options);
  const target = options.out ? path.resolve(options.out) : null;
  const partial = target ? `${target}.partial` : null;
  const out: NodeJS.WritableStream | WriteStream = partial ? createWriteStream(partial) : process.stdout;
  const started = performance.now();
  let header: HeaderLine | null = null;
  let lines = 0;
  let bar = progressBar({ json: true, progress: false }, 0, 0, "");
  try {
    const url = restUrl(connection, "/admin/export", { tenant: options.tenant, vectors: options.vectors ? "true" : undefined, page_size: String(options.pageSize) });
    const res = await restCall(connection, "GET", url);
    for await (const line of linesOf(res.body!)) {
      if (header === null) {
        header = parseHeaderLine(line);
        bar = progressBar({ json: options.json, progress: options.progress && target !== null }, total(header.counts), 0, "lines");
      } else {
        const error = line.startsWith('{"kind":"error"') ? (JSON.parse(line) as { code: string; message: string }) : null;
        if (error) throw new CliError(`The export stopped: ${error.code}: ${error.message}`, ExitCode.FAILED, error.code);
        lines++;
        bar.update(lines);
      }
      await write(out, `${line}\n`);
    }
    if (header === null) throw new CliError("The gateway sent an empty export", ExitCode.FAILED);
    if (partial && target) {
      await new Promise<void>((resolve) => (out as WriteStream).end(resolve));
      await rename(partial, target);
    }
  } catch (err) {
    if (partial) {
      (out as WriteStream).destroy();
      await rm(partial, { force: true });
    }
    if (err instanceof TypeError && header === null) throw new CliError(`The gateway's answer is not a mnemograph export: ${err.message}`, ExitCode.FAILED);
    throw err;
  } finally {
    bar.stop();
    await connection.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const summary = {
    file: target,
    tenantId: header.tenantId,
    vectors: header.vectors,
    nodes: header.counts.nodes,
    relationships: header.counts.relationships,
    lines,
    seconds: Number(seconds.toFixed(3)),
  };
  const human = `Exported tenant ${header.tenantId}${target ? ` to ${target}` : ""}: ${lines} lines (${total(header.counts)} counted at the start) in ${seconds.toFixed(1)} s${header.vectors ? ", vectors included" : ""}`;
  const text = options.json ? JSON.stringify(summary) : human;
  // With no --out, stdout is the export itself: the summary must not end up in it.
  (target ? process.stdout : process.stderr).write(`${text}\n`);
  process.exitCode = ExitCode.OK;
}

/** `mnemograph export [--tenant T] [--out file.jsonl]`: a tenant as JSON Lines, for `mnemograph import --format mnemograph`. */
export function exportCommand(program: Command): void {
  withConnectionOptions(
    program
      .command("export")
      .description("export a tenant (memories, messages, people and facts with history, beliefs, knowledge, game sessions) as JSON Lines; the tenant's admin or the operator only")
      .option("--tenant <id>", "the tenant to export (default: the caller's; another one only for the gateway's operator)")
      .option("--out <file>", "write the export here (default: stdout, with the summary on stderr)")
      .option("--vectors", "include the embeddings (else they are left out and re-made after import)")
      .option("--page-size <n>", "nodes the gateway reads per page, 1-1000", pageSize, 500)
      .option("--no-progress", "no progress bar")
      .option("--json", "print the summary as JSON"),
  ).action(exportTenant);
}
