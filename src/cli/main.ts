/**
 * `npm start` (and `mnemograph serve`): provisions and starts the embedded Neo4j
 * (unless NEO4J_URI is set), applies schema migrations, and serves the gateway
 * until SIGINT/SIGTERM.
 */
import { ConfigError, loadConfig } from "../config/config.js";
import { createLogger } from "../logging/logger.js";
import { serveGateway } from "./serveGateway.js";

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
  process.exit(await serveGateway(config, logger));
} catch (err) {
  logger.fatal({ err }, "Mnemograph could not start");
  process.exit(1);
}
