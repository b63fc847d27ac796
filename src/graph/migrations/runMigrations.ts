import type { Driver } from "neo4j-driver";
import type { Logger } from "../../logging/logger.js";
import type { Migration } from "./migrations.js";

/**
 * Applies every migration (each is `IF NOT EXISTS`, so a second run changes
 * nothing) and waits until the indexes are online.
 */
export async function runMigrations(driver: Driver, database: string, migrations: Migration[], logger: Logger) {
  const session = driver.session({ database });
  try {
    for (const m of migrations) {
      await session.run(m.cypher);
    }
    await session.run("CALL db.awaitIndexes(300)");
    logger.info({ count: migrations.length }, "Schema migrations applied");
  } finally {
    await session.close();
  }
}
