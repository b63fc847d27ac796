import neo4j, { type Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrationsFor } from "../../../src/app/migrations.js";
import { QUEUE_STATEMENTS } from "../../../src/extraction/extractionQueue.js";
import { createDriver } from "../../../src/graph/driver.js";
import { runMigrations } from "../../../src/graph/migrations/runMigrations.js";
import { createLogger } from "../../../src/logging/logger.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { planOperators } from "../../support/explainPlan.js";

/**
 * The extraction queue reads messages by index or by id in every plan. With
 * `elementId(m) IN $keys`, Neo4j planned the lock and the claim as a scan of
 * every Message while the store held few (a new gateway's first claims); one
 * key per row is a seek by id whatever the statistics.
 */

let driver: Driver;
beforeAll(async () => {
  driver = createDriver(inject("neo4j"));
  await runMigrations(driver, "neo4j", migrationsFor(loadTypeDefs().document, { sharedKeys: true }), createLogger({ logLevel: "silent" }));
}, 120_000);
afterAll(async () => {
  await driver.close();
});

const params = { keys: ["4:00000000-0000-0000-0000-000000000000:1"], rows: [{ key: "4:00000000-0000-0000-0000-000000000000:1" }], worker: "w", limit: neo4j.int(8), tenants: [], leaseSeconds: neo4j.int(60) };

describe("the extraction queue's plans", () => {
  it.each([
    ["candidates", "NodeIndexSeek"],
    ["lock", "NodeByElementIdSeek"],
    ["claim", "NodeByElementIdSeek"],
    ["settle", "NodeByElementIdSeek"],
  ] as const)("%s reads messages by %s, never by a scan", async (name, read) => {
    const ops = await planOperators(driver, QUEUE_STATEMENTS[name], params);
    expect(ops.some((op) => op.startsWith(`${read} `) && /\bm\b/.test(op))).toBe(true);
    // (The candidates' pause switch, one ExtractionControl node at most, may be read by its label.)
    expect(ops.filter((op) => /^(\S*LabelScan|AllNodesScan|\S*IndexScan)/.test(op) && !/:ExtractionControl/.test(op))).toEqual([]);
  });
});
