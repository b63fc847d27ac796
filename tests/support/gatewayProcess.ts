/**
 * A gateway as its own OS process (the two-process feed test, bench:retrieve):
 * configured from the environment like `npm start` (NEO4J_URI set, so it
 * starts no Neo4j of its own), it prints `{"port": n}` once serving and stops
 * on SIGTERM. With REQUEST_TIMINGS_FILE set, it writes there, on SIGTERM, how
 * long each HTTP request took inside this process (from its arrival to its
 * response handed to the socket), in milliseconds, in order of completion.
 */
import { loadConfig } from "../../src/config/config.js";
import { createLogger } from "../../src/logging/logger.js";
import { writeFileSync } from "node:fs";
import { startApp } from "../../src/app/startApp.js";

const config = loadConfig(process.env);
const app = await startApp(config, createLogger({ logLevel: config.logLevel }));
const timings: number[] = [];
const timingsFile = process.env.REQUEST_TIMINGS_FILE;
if (timingsFile) {
  app.gateway.httpServer.on("request", (_req, res) => {
    const arrived = performance.now();
    res.once("finish", () => timings.push(performance.now() - arrived));
  });
}
process.stdout.write(`${JSON.stringify({ port: app.gateway.port })}\n`);
process.once("SIGTERM", () => {
  if (timingsFile) writeFileSync(timingsFile, JSON.stringify(timings));
  void app.stop().finally(() => process.exit(0));
});
