import type { Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrationsFor } from "../../../src/app/migrations.js";
import { schemaFactsOf } from "../../../src/app/schemaFacts.js";
import { writeBackStatement } from "../../../src/embeddings/embedBatch.js";
import { createDriver } from "../../../src/graph/driver.js";
import { runMigrations } from "../../../src/graph/migrations/runMigrations.js";
import { createLogger } from "../../../src/logging/logger.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

/**
 * The embedding worker's write-back finds each node by its (tenantId, id)
 * whatever Neo4j's statistics say. Planned on an empty store, it used to pick
 * the embeddingStatus index and filter every PENDING node for each row of the
 * batch: quadratic behind a backlog, and the plan was kept for minutes.
 */
interface Plan {
  operatorType: string;
  arguments: Record<string, unknown>;
  children: Plan[];
}
const operators = (plan: Plan): Plan[] => [plan, ...plan.children.flatMap(operators)];

const { document } = loadTypeDefs();
const embeddedTypes = schemaFactsOf(document).embeddedTypes;
let driver: Driver;

beforeAll(async () => {
  driver = createDriver(inject("neo4j"));
  await runMigrations(driver, "neo4j", migrationsFor(document, { sharedKeys: true }), createLogger({ logLevel: "silent" }));
}, 120_000);
afterAll(async () => {
  await driver.close();
});

describe("the embedding write-back's plan", () => {
  it.each(embeddedTypes.map((t) => [t.label, t] as const))("%s: a seek on the (tenantId, id) constraint, no embeddingStatus index", async (_label, type) => {
    const row = { tenantId: "plan-test", id: "none", parts: type.fields.map(() => "text"), vector: null, context: null, key: "k", unchanged: false, keys: null, keyTerms: null };
    const { summary } = await driver.executeQuery(`EXPLAIN ${writeBackStatement(type)}`, { rows: [row], model: "m" });
    const plan = operators(summary.plan as unknown as Plan);
    const seeks = plan.filter((op) => /IndexSeek|IndexScan|LabelScan/.test(op.operatorType)).map((op) => `${op.operatorType.replace(/@.*/, "")} ${String(op.arguments.Details)}`);
    expect(seeks).toEqual([expect.stringMatching(new RegExp(`^NodeUniqueIndexSeek.*${type.label}\\(tenantId, id\\)`))]);
  });
});
