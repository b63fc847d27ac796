import type { Driver, Session } from "neo4j-driver";
import { Neo4jError } from "neo4j-driver";
import type { Logger } from "../../logging/logger.js";
import type { Migration } from "./migration.js";
import { pendingMigrations, type ExistingSchemaRule } from "./pendingMigrations.js";

/** Another gateway starting on the same fresh database created the same rule a moment earlier. */
const ALREADY_THERE = "Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists";
const DEADLOCK = "Neo.TransientError.Transaction.DeadlockDetected";
const ATTEMPTS = 5;

/**
 * Applies the migrations the database still lacks (pendingMigrations.ts) and
 * waits until the indexes are online. Gateways may start together on one fresh
 * database: a rule another one created first is not an error, and a deadlock
 * between two creations is tried again.
 */
export async function runMigrations(driver: Driver, database: string, migrations: Migration[], logger: Logger) {
  const session = driver.session({ database });
  try {
    const { run, rebuild } = pendingMigrations(migrations, await existingRules(session));
    for (const name of rebuild) {
      logger.info({ index: name }, "Rebuilding full-text index with another analyzer");
      // Index names come from the closed list in src/app/migrations.ts, never from input.
      await session.run(`DROP INDEX ${name} IF EXISTS`);
    }
    for (const m of run) await applyOnce(session, m);
    await session.run("CALL db.awaitIndexes(300)");
    logger.info({ count: migrations.length, applied: run.length }, "Schema migrations applied");
  } finally {
    await session.close();
  }
}

async function applyOnce(session: Session, m: Migration): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await session.run(m.cypher);
      return;
    } catch (err) {
      if (err instanceof Neo4jError && err.code === ALREADY_THERE) return;
      if (err instanceof Neo4jError && err.code === DEADLOCK && attempt < ATTEMPTS) continue;
      throw err;
    }
  }
}

async function existingRules(session: Session): Promise<ExistingSchemaRule[]> {
  const indexes = await session.run("SHOW INDEXES YIELD name, type, options RETURN name, CASE type WHEN 'FULLTEXT' THEN options.indexConfig['fulltext.analyzer'] END AS analyzer");
  const constraints = await session.run("SHOW CONSTRAINTS YIELD name RETURN name");
  return [
    ...indexes.records.map((r) => ({ name: r.get("name") as string, analyzer: (r.get("analyzer") as string | null) ?? null })),
    ...constraints.records.map((r) => ({ name: r.get("name") as string, analyzer: null })),
  ];
}
