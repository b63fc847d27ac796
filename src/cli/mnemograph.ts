/**
 * `mnemograph <command>`: the command line of Mnemograph (the `bin` of
 * package.json). Commands talk to a running gateway over GraphQL (--url with a
 * token or API key) or start the embedded default. `--help` on every command;
 * `--json` for scripts; exit codes in commands/exitCodes.ts.
 */
import { Command, CommanderError } from "commander";
import { VERSION } from "../app/version.js";
import { COMMANDS } from "./commands/commandTable.js";
import { CliError, ExitCode } from "./commands/exitCodes.js";

const program = new Command("mnemograph")
  .description("Mnemograph: long-term memory for AI agents in Neo4j, from the command line")
  .version(VERSION)
  .exitOverride()
  .showHelpAfterError();
for (const register of COMMANDS) register(program);

function fail(err: CliError): number {
  const json = process.argv.includes("--json");
  if (json) process.stdout.write(`${JSON.stringify({ error: err.message, code: err.code ?? null, exitCode: err.exitCode })}\n`);
  else process.stderr.write(`mnemograph: ${err.message}\n`);
  return err.exitCode;
}

let code: number;
try {
  await program.parseAsync(process.argv);
  code = Number(process.exitCode ?? ExitCode.OK);
} catch (err) {
  if (err instanceof CommanderError) code = err.exitCode === 0 ? ExitCode.OK : ExitCode.USAGE;
  else if (err instanceof CliError) code = fail(err);
  else {
    process.stderr.write(`mnemograph: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    code = ExitCode.FAILED;
  }
}
// An embedded gateway or a keep-alive socket must not keep a finished command alive.
process.exit(code);
