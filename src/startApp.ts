import type { Driver } from "neo4j-driver";
import { apiKeyResolvers } from "./auth/apiKeyResolvers.js";
import { setupAuth } from "./auth/setupAuth.js";
import type { Config } from "./config/config.js";
import { apiKeyStore } from "./graph/apiKeyStore.js";
import { createDriver } from "./graph/driver.js";
import { startLocalNeo4j, type LocalNeo4j } from "./graph/local/localNeo4j.js";
import { migrationsFor } from "./graph/migrations/migrations.js";
import { runMigrations } from "./graph/migrations/runMigrations.js";
import type { Logger } from "./logging/logger.js";
import { buildSchema } from "./schema/buildSchema.js";
import { loadTypeDefs } from "./schema/loadTypeDefs.js";
import { startGateway, type Gateway } from "./server/gateway.js";
import { tokenRoute } from "./server/tokenRoute.js";

/** A running Mnemograph: gateway, driver and (when embedded) its own Neo4j. */
export interface App {
  gateway: Gateway;
  driver: Driver;
  localNeo4j: LocalNeo4j | null;
  /** Drains traffic, closes the driver, stops the embedded Neo4j, in that order. */
  stop(): Promise<void>;
}

/** Wires the parts together in start-up order; each failure undoes what had started. */
export async function startApp(config: Config, logger: Logger): Promise<App> {
  const auth = await setupAuth(config, logger);
  const localNeo4j = config.neo4j.uri ? null : await startLocalNeo4j(config.neo4j, logger.child({ component: "neo4j" }));
  const connection = localNeo4j ?? { uri: config.neo4j.uri!, user: config.neo4j.user, password: config.neo4j.password };
  const driver = createDriver(connection);
  try {
    await driver.verifyConnectivity({ database: config.neo4j.database });
    const migrations = migrationsFor(loadTypeDefs().document);
    const health = { schemaReady: false, migrations: migrations.length, startedAt: Date.now() };
    await runMigrations(driver, config.neo4j.database, migrations, logger);
    const keys = apiKeyStore(driver, config.neo4j.database);
    const { schema, neoSchema } = await buildSchema(driver, config.neo4j.database, apiKeyResolvers(keys));
    await neoSchema.assertIndexesAndConstraints({ sessionConfig: { database: config.neo4j.database } });
    health.schemaReady = true;
    const gateway = await startGateway({
      config,
      driver,
      schema,
      logger,
      health,
      authenticate: auth.authenticate,
      routes: tokenRoute(keys, auth.signingSecret, config.auth),
    });
    return {
      gateway,
      driver,
      localNeo4j,
      async stop() {
        await gateway.stop();
        await driver.close();
        await localNeo4j?.stop();
        logger.info("Stopped");
      },
    };
  } catch (err) {
    await driver.close();
    await localNeo4j?.stop();
    throw err;
  }
}
