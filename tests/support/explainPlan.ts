import type { Driver } from "neo4j-driver";
import { afterAll, beforeAll, inject } from "vitest";
import { createDriver } from "../../src/graph/driver.js";
import { runMigrations } from "../../src/graph/migrations/runMigrations.js";
import { createLogger } from "../../src/logging/logger.js";
import { testStoreMigrations } from "./testStoreMigrations.js";

interface Plan {
  operatorType: string;
  arguments: Record<string, unknown>;
  children: Plan[];
}
const flatten = (plan: Plan): Plan[] => [plan, ...plan.children.flatMap(flatten)];

/**
 * The operators of a statement's plan (EXPLAIN: nothing runs), each as
 * "Operator details", e.g. "NodeIndexSeek RANGE INDEX n:Memory(embeddingStatus) WHERE ...".
 */
export async function planOperators(driver: Driver, cypher: string, params: Record<string, unknown> = {}): Promise<string[]> {
  const { summary } = await driver.executeQuery(`EXPLAIN ${cypher}`, params, { database: "neo4j" });
  return flatten(summary.plan as unknown as Plan).map((op) => `${op.operatorType.replace(/@.*/, "")} ${String(op.arguments.Details ?? "")}`);
}

/** The operators that read nodes from a label, an index or the whole store. */
export const nodeReads = (operators: readonly string[]) => operators.filter((op) => /^\S*(IndexSeek|IndexScan|LabelScan|AllNodesScan|ElementIdSeek|ByIdSeek)\S* /.test(op));

/**
 * A driver to the test database with the gateway's migrations run (every index and
 * constraint a plan may use), opened before the file's tests and closed after them.
 */
export function migratedStore(): () => Driver {
  let driver: Driver | undefined;
  beforeAll(async () => {
    driver = createDriver(inject("neo4j"));
    await runMigrations(driver, "neo4j", testStoreMigrations(), createLogger({ logLevel: "silent" }));
  }, 120_000);
  afterAll(async () => {
    await driver?.close();
  });
  return () => driver!;
}
