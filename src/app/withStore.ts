import type { Config } from "../config/config.js";
import type { SchemaFacts } from "../core/schemaFacts.js";
import type { Driver } from "../graph/driver.js";
import { runMigrations } from "../graph/migrations/runMigrations.js";
import type { Logger } from "../logging/logger.js";
import { loadTypeDefs } from "../schema/loadTypeDefs.js";
import { migrationsFor } from "./migrations.js";
import { startStack, type ResourceStack } from "./resourceStack.js";
import { schemaFactsOf } from "./schemaFacts.js";
import { refuseSecondEmbedded, startDatabase } from "./startDatabase.js";

/** What a command runs on: the store, migrated as the gateway would leave it, and the stack its own parts start on. */
export interface Store {
  driver: Driver;
  database: string;
  /** What the SDL says, read once. */
  schema: SchemaFacts;
  /** Parts the command starts (a model, a worker) stop on it before the driver closes. */
  stack: ResourceStack;
}

/**
 * Runs a one-shot command against the store without a gateway: the embedded Neo4j (refused when a
 * gateway already runs on the data directory) or NEO4J_URI, the migrations, then `run`; everything
 * started stops, last first, whether `run` succeeds or not.
 */
export async function withStore<T>(config: Config, logger: Logger, run: (store: Store) => Promise<T>): Promise<T> {
  await refuseSecondEmbedded(config);
  return startStack(
    async (stack) => {
      const { driver } = await startDatabase(stack, config, logger);
      const database = config.neo4j.database;
      await driver.verifyConnectivity({ database });
      const { document } = loadTypeDefs();
      await runMigrations(driver, database, migrationsFor(document, { sharedKeys: config.searchSharedKeys, wordIndexRefresh: config.searchWordIndexRefresh }), logger);
      const result = await run({ driver, database, schema: schemaFactsOf(document), stack });
      await stack.stop();
      return result;
    },
    (stopErr) => logger.warn({ err: stopErr }, "A part did not stop cleanly after the command failed"),
  );
}
