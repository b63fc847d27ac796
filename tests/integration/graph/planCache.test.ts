import { randomUUID } from "node:crypto";
import type { Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDriver } from "../../../src/graph/driver.js";

/**
 * The embedded server caches a statement's plan by its parameter types only
 * (graph/local/neo4jConf.ts): a list parameter of another order of magnitude
 * reuses the plan instead of planning the statement again. Read from Neo4j's
 * own statement statistics (db.stats 'QUERIES'), which give each run's
 * planning time: a plan made costs milliseconds, a cached plan reused a
 * fraction of one.
 */
let driver: Driver;

beforeAll(() => {
  driver = createDriver(inject("neo4j"));
});
afterAll(async () => {
  await driver.close();
});

describe("plan cache of the embedded Neo4j", () => {
  it("plans a statement once for ids lists of 3, 30, 300 and 3,000", async () => {
    // A text no other statement has: its first run is the only one that may plan.
    const marker = `plan-cache-${randomUUID()}`;
    const statement = `UNWIND $ids AS id MATCH (n:Memory {tenantId: '${marker}', id: id}) WHERE n.ownerId IN $owners RETURN count(n) AS found`;
    await driver.executeQuery("CALL db.stats.clear('QUERIES')");
    await driver.executeQuery("CALL db.stats.collect('QUERIES', {durationSeconds: 120})");
    try {
      for (const size of [3, 30, 300, 3000]) {
        const ids = Array.from({ length: size }, (_, i) => `m${i}`);
        await driver.executeQuery(statement, { ids, owners: ids.slice(0, Math.ceil(size / 3)) });
      }
    } finally {
      await driver.executeQuery("CALL db.stats.stop('QUERIES')");
    }
    const { records } = await driver.executeQuery("CALL db.stats.retrieve('QUERIES') YIELD data RETURN data");
    // Neo4j reports each plan of a statement as a row of its own, with the runs that used it.
    const plans = records.map((r) => r.get("data") as { query: string; invocations: { elapsedCompileTimeInUs: unknown }[] }).filter((d) => d.query.includes(marker));
    expect(plans.map((p) => p.invocations.length)).toEqual([4]);
    const planningUs = plans[0]!.invocations.map((i) => Number(i.elapsedCompileTimeInUs));
    // The first run plans (tens of ms on two cores); each later one is a cache lookup, at least ten times cheaper.
    for (const later of planningUs.slice(1)) expect(later * 10, JSON.stringify(planningUs)).toBeLessThan(planningUs[0]!);
  });
});
