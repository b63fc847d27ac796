import type { Config } from "../config/config.js";
import { createDriver, type Driver, type DriverOptions } from "../graph/driver.js";
import { startLocalNeo4j, type LocalNeo4j } from "../graph/local/localNeo4j.js";
import type { Logger } from "../logging/logger.js";
import { DataDirectoryInUse, findRunningGateway } from "./gatewayFile.js";
import type { ResourceStack } from "./resourceStack.js";

export interface StartedDatabase {
  /** The embedded Neo4j this process started; null with NEO4J_URI. */
  localNeo4j: LocalNeo4j | null;
  /** Where the driver connects, for a second driver of the same server (the probes'). */
  connection: DriverOptions;
  driver: Driver;
}

/**
 * The store a process runs on, started on its stack: the embedded Neo4j of MNEMOGRAPH_DATA_DIR, or
 * none with NEO4J_URI; then the driver, which closes before the embedded Neo4j stops. `wrap`
 * dresses the driver (tracing) before it is used; `boltLog` hears the driver's own debug log.
 */
export async function startDatabase(stack: ResourceStack, config: Config, logger: Logger, wrap: (driver: Driver) => Driver = (d) => d, boltLog?: DriverOptions["boltLog"]): Promise<StartedDatabase> {
  const localNeo4j = config.neo4j.uri ? null : await stack.start(() => startLocalNeo4j(config.neo4j, logger.child({ component: "neo4j" })), (n) => n.stop());
  const connection = { ...(localNeo4j ?? { uri: config.neo4j.uri!, user: config.neo4j.user, password: config.neo4j.password }), bookmarks: config.neo4j.bookmarks };
  const driver = await stack.start(() => wrap(createDriver({ ...connection, boltLog })), (d) => d.close());
  return { localNeo4j, connection, driver };
}

/**
 * One embedded Neo4j per data directory: a second process on it would start for a minute and then
 * fail on the store's lock. Said at once, naming the gateway that runs. Nothing to check with NEO4J_URI.
 */
export async function refuseSecondEmbedded(config: Config): Promise<void> {
  if (config.neo4j.uri) return;
  const running = await findRunningGateway(config.neo4j.dataDir);
  if (running.state !== "none") throw new DataDirectoryInUse(running);
}
