import { startApp } from "../app/startApp.js";
import type { Config } from "../config/config.js";
import type { Logger } from "../logging/logger.js";

/**
 * Starts the gateway (the embedded Neo4j unless NEO4J_URI) and serves until SIGINT or
 * SIGTERM, then drains and stops: `npm start` and `mnemograph serve`. Resolves with the
 * exit code: 0 after a clean stop, 1 after an unclean one; a failed start rejects.
 */
export async function serveGateway(config: Config, logger: Logger): Promise<number> {
  const app = await startApp(config, logger);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    // `on`, not `once`: a second signal while draining must not kill the process half-stopped.
    process.on("SIGINT", () => resolve("SIGINT"));
    process.on("SIGTERM", () => resolve("SIGTERM"));
  });
  logger.info({ signal }, "Shutting down");
  try {
    await app.stop();
    return 0;
  } catch (err) {
    logger.error({ err }, "Unclean shutdown");
    return 1;
  }
}
