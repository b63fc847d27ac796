import type { Driver, Session } from "neo4j-driver";
import type { Logger } from "../../logging/logger.js";
import type { Migration } from "./migration.js";

/**
 * Applies every migration (each is `IF NOT EXISTS`, so a second run changes
 * nothing) and waits until the indexes are online.
 */
export async function runMigrations(driver: Driver, database: string, migrations: Migration[], logger: Logger) {
  const session = driver.session({ database });
  try {
    for (const m of migrations) {
      if (m.fulltextAnalyzer) await dropIfOtherAnalyzer(session, m.name, m.fulltextAnalyzer, logger);
      await session.run(m.cypher);
    }
    await session.run("CALL db.awaitIndexes(300)");
    logger.info({ count: migrations.length }, "Schema migrations applied");
  } finally {
    await session.close();
  }
}

/** `IF NOT EXISTS` keeps an index as it was built: one built with another analyzer is dropped and rebuilt. */
async function dropIfOtherAnalyzer(session: Session, name: string, analyzer: string, logger: Logger) {
  const result = await session.run(
    "SHOW FULLTEXT INDEXES YIELD name, options WHERE name = $name RETURN options.indexConfig['fulltext.analyzer'] AS analyzer",
    { name },
  );
  const current = result.records[0]?.get("analyzer") as string | undefined;
  if (current !== undefined && current !== analyzer) {
    logger.info({ index: name, from: current, to: analyzer }, "Rebuilding full-text index with another analyzer");
    // Index names come from the closed list in migrations.ts, never from input.
    await session.run(`DROP INDEX ${name} IF EXISTS`);
  }
}
