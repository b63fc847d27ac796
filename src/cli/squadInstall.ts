/**
 * `npm run squad:install -- --tenant <id>`: installs the six-agent squad (its six
 * agents, ten default subscription rules and the operations improvement loop)
 * in a tenant, then exits; idempotent, as the `installSquadDefaults` mutation
 * (the same domain function). It starts Neo4j and the driver, no gateway: run
 * it with the gateway stopped (the embedded Neo4j allows one process), or
 * against a shared server with NEO4J_URI.
 */
import { parseArgs } from "node:util";
import { ID_PATTERN } from "../core/caller.js";
import { loadConfig } from "../config/config.js";
import { createLogger } from "../logging/logger.js";
import { withStore } from "../app/withStore.js";
import { installSquadDefaults } from "../feed/index.js";

const { values } = parseArgs({ options: { tenant: { type: "string" } }, strict: true });
if (!values.tenant || !ID_PATTERN.test(values.tenant)) {
  process.stderr.write("squad:install: --tenant <id> is required (letters, digits and ._:@-)\n");
  process.exit(2);
}
const config = loadConfig({ ...process.env, PORT: "0" });
const logger = createLogger({ logLevel: config.logLevel });
await withStore(config, logger, async ({ driver, database }) => {
  const installed = await installSquadDefaults({ driver, database }, values.tenant!);
  process.stdout.write(`${JSON.stringify({ tenant: values.tenant, ...installed })}\n`);
});
