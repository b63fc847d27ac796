/**
 * A gateway as its own OS process (the two-process feed test, bench:retrieve):
 * configured from the environment like `npm start` (NEO4J_URI set, so it
 * starts no Neo4j of its own), it prints `{"port": n}` once serving and stops
 * on SIGTERM.
 */
import { loadConfig } from "../../src/config/config.js";
import { createLogger } from "../../src/logging/logger.js";
import { startApp } from "../../src/startApp.js";

const config = loadConfig(process.env);
const app = await startApp(config, createLogger({ logLevel: config.logLevel }));
process.stdout.write(`${JSON.stringify({ port: app.gateway.port })}\n`);
process.once("SIGTERM", () => void app.stop().finally(() => process.exit(0)));
