import type { Command } from "commander";
import { ConfigError, loadConfig } from "../../config/config.js";
import { CliError, ExitCode } from "./exitCodes.js";
import { emit, type OutputOptions } from "./output.js";

const MARK = { ok: "ok  ", warn: "warn", fail: "FAIL", skip: "skip" } as const;

async function doctor(options: OutputOptions & { url?: string }): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message, ExitCode.USAGE);
    throw err;
  }
  // Loaded when run: the checks read the schema and the driver, which other commands do not need.
  const { runDoctor } = await import("../doctor/doctorChecks.js");
  const checks = await runDoctor({ config, url: options.url });
  const failed = checks.some((c) => c.status === "fail");
  emit(options, { ok: !failed, checks }, checks.map((c) => `${MARK[c.status]}  ${c.check.padEnd(20)} ${c.detail}`).join("\n"));
  process.exitCode = failed ? ExitCode.FAILED : ExitCode.OK;
}

/** `mnemograph doctor`: what the gateway needs, checked before it is started (or of one running). */
export function doctorCommand(program: Command): void {
  program
    .command("doctor")
    .description("check Java, the Maven cache (Neo4j, model), Neo4j, migrations and disk; exit 1 if a check fails")
    .option("--url <url>", "a running gateway's GraphQL endpoint, to check its Neo4j and migrations (MNEMOGRAPH_URL)", process.env.MNEMOGRAPH_URL)
    .option("--json", "print the checks as JSON")
    .action(doctor);
}
