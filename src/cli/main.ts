/**
 * `npm start`: provisions and starts the embedded Neo4j (unless NEO4J_URI is
 * set), applies schema migrations, and serves the gateway until SIGINT/SIGTERM.
 */
import { ConfigError, loadConfig } from "../config/config.js";
import { startApp } from "../app/startApp.js";
import { createLogger } from "../logging/logger.js";

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  throw err;
}

const logger = createLogger(config);
try {
  const app = await startApp(config, logger);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "Shutting down");
    app.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, "Unclean shutdown");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
} catch (err) {
  logger.fatal({ err }, "Mnemograph could not start");
  process.exit(1);
}
