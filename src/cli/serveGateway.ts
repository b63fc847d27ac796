import { startApp } from "../app/startApp.js";
import type { Config } from "../config/config.js";
import type { Logger } from "../logging/logger.js";

/**
 * Starts the gateway (the embedded Neo4j unless NEO4J_URI) and serves until SIGINT or
 * SIGTERM, then drains and stops: `npm start` and `mnemograph serve`. Resolves with the
 * exit code: 0 after a clean stop, 1 after an unclean one; a failed start rejects.
 *
 * The handlers are in place before the start: "Mnemograph is serving" is logged before
 * the warm-up, and a signal that came while the app was still starting would otherwise
 * kill the process with its Neo4j child left running. A signal during the start is kept
 * and acted on as soon as the start is done.
 */
export async function serveGateway(config: Config, logger: Logger): Promise<number> {
  let received: NodeJS.Signals | null = null;
  let wake: (signal: NodeJS.Signals) => void = () => {};
  const onSignal = (signal: NodeJS.Signals) => {
    received ??= signal;
    wake(received);
  };
  // `on`, not `once`: a second signal while draining must not kill the process half-stopped.
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const app = await startApp(config, logger).catch((err: unknown) => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    throw err;
  });
  const signal = received ?? (await new Promise<NodeJS.Signals>((resolve) => (wake = resolve)));
  logger.info({ signal }, "Shutting down");
  try {
    await app.stop();
    return 0;
  } catch (err) {
    logger.error({ err }, "Unclean shutdown");
    return 1;
  }
}
