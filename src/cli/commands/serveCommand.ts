import type { Command } from "commander";
import { CliError } from "./exitCodes.js";
import { loadCliConfig } from "./connection.js";

/**
 * `mnemograph serve`: the gateway itself, as `npm start` runs it — the embedded Neo4j in
 * this user's data folder (MNEMOGRAPH_HOME, else ~/.local/share/mnemograph) unless
 * NEO4J_URI names a server; configured by the environment (docs/configuration.md).
 */
export function serveCommand(program: Command): void {
  program
    .command("serve")
    .description("run the gateway until Ctrl-C: the embedded Neo4j in this user's data folder unless NEO4J_URI is set (configured by the environment: PORT, HOST, MNEMOGRAPH_HOME, …)")
    .action(async () => {
      // Imported only here: the other commands start without loading the gateway.
      const { createLogger } = await import("../../logging/logger.js");
      const { serveGateway } = await import("../serveGateway.js");
      const { DataDirectoryInUse } = await import("../../app/gatewayFile.js");
      const config = await loadCliConfig();
      const logger = createLogger(config);
      try {
        process.exitCode = await serveGateway(config, logger);
      } catch (err) {
        // The refusal says all there is to say; anything else is logged with its stack.
        if (!(err instanceof DataDirectoryInUse)) logger.fatal({ err }, "Mnemograph could not start");
        throw new CliError(`could not start: ${(err as Error).message}`, 1);
      }
    });
}
