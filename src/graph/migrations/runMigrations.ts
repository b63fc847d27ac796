import type { Driver } from "neo4j-driver";
import { Neo4jError } from "neo4j-driver";
import { executor, type Executor } from "../executor.js";
import { noRows, type Statement } from "../statement.js";
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
  // Each statement on its own (schema changes and CALL … IN TRANSACTIONS need auto-commit), with the shared bookmarks: each sees the one before.
  const graph = executor({ driver, database });
  const { run, rebuild } = pendingMigrations(migrations, await existingRules(graph));
  for (const name of rebuild) {
    logger.info({ index: name }, "Rebuilding full-text index with other settings");
    // Index names come from the closed list in src/app/migrations.ts, never from input.
    await graph.write(noRows(`DROP INDEX ${name} IF EXISTS`, {}));
  }
  for (const m of run) await applyOnce(graph, m);
  await graph.write(noRows("CALL db.awaitIndexes(300)", {}));
  logger.info({ count: migrations.length, applied: run.length }, "Schema migrations applied");
}

async function applyOnce(graph: Executor, m: Migration): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await graph.write(noRows(m.cypher, {}));
      return;
    } catch (err) {
      if (err instanceof Neo4jError && err.code === ALREADY_THERE) return;
      if (err instanceof Neo4jError && err.code === DEADLOCK && attempt < ATTEMPTS) continue;
      throw err;
    }
  }
}

const INDEXES: Statement<ExistingSchemaRule> = {
  cypher: `SHOW INDEXES YIELD name, type, options
    RETURN name, type = 'FULLTEXT' AS fulltext, options.indexConfig['fulltext.analyzer'] AS analyzer,
      options.indexConfig['fulltext.eventually_consistent'] AS eventuallyConsistent`,
  params: {},
  decode: (row) => ({
    name: row.string("name"),
    fulltext: row.boolean("fulltext") ? { analyzer: row.string("analyzer"), eventuallyConsistent: row.boolean("eventuallyConsistent") } : null,
  }),
};

const CONSTRAINTS: Statement<ExistingSchemaRule> = { cypher: "SHOW CONSTRAINTS YIELD name RETURN name", params: {}, decode: (row) => ({ name: row.string("name"), fulltext: null }) };

async function existingRules(graph: Executor): Promise<ExistingSchemaRule[]> {
  return [...(await graph.read(INDEXES)), ...(await graph.read(CONSTRAINTS))];
}
