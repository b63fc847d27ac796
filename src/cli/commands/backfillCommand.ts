import type { Command } from "commander";
import { ConfigError } from "../../config/config.js";
import { CliError, ExitCode } from "./exitCodes.js";
import { emit, type OutputOptions } from "./output.js";

/** `mnemograph backfill`: the embedding backfill (npm run embeddings:backfill). */
export function backfillCommand(program: Command): void {
  program
    .command("backfill")
    .description("embed every node and fact without a vector of the configured model, then exit (gateway stopped, or NEO4J_URI)")
    .option("--json", "print what was embedded as JSON")
    .action(async (options: OutputOptions) => {
      // Loaded when run: it loads the embedding model, which other commands do not need.
      const { backfillEmbeddings } = await import("../backfill/backfillEmbeddings.js");
      const r = await backfillEmbeddings().catch((err: unknown) => {
        throw err instanceof ConfigError ? new CliError(err.message, ExitCode.USAGE) : err;
      });
      emit(options, r, `Embedded ${r.total} nodes and facts with ${r.model} in ${r.seconds} s: ${JSON.stringify(r.queued)}`);
    });
}
