/**
 * A write that matched a node or relationship by id, while another transaction deletes it and commits:
 * matching takes no lock, so Neo4j fails the whole statement when the write reaches the deleted entity
 * (src/graph/executor.ts, vanishedEntity). The embedding worker's write-backs met it at every start, when
 * the warm-up tenant was removed while a pass over its facts was embedding: the batch's vectors were lost.
 * With `rerunIfVanished` the transaction runs again and writes what is still there.
 */
import { randomUUID } from "node:crypto";
import type { Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDriver } from "../../../src/graph/driver.js";
import { executor, vanishedEntity, type Executor } from "../../../src/graph/executor.js";
import { noRows } from "../../../src/graph/statement.js";

const tenant = `vanish-${randomUUID().slice(0, 8)}`;
const VECTOR = [0.6, 0.8];
let driver: Driver;
let graph: Executor;

beforeAll(() => {
  driver = createDriver(inject("neo4j"));
  graph = executor({ driver, database: "neo4j" });
});

afterAll(async () => {
  await driver.executeQuery("MATCH (n:VanishProbe {tenant: $tenant}) DETACH DELETE n", { tenant });
  await driver.close();
});

/** Probe nodes `ids`, and a relationship from each to the next. */
async function probes(ids: string[]): Promise<void> {
  await driver.executeQuery(
    `UNWIND $ids AS id CREATE (:VanishProbe {tenant: $tenant, id: id})
     WITH collect(id) AS ids UNWIND range(0, size(ids) - 2) AS i
     MATCH (a:VanishProbe {tenant: $tenant, id: ids[i]}), (b:VanishProbe {tenant: $tenant, id: ids[i + 1]})
     CREATE (a)-[:VANISH_LINK {id: ids[i]}]->(b)`,
    { ids, tenant },
  );
}

// Each row matched first, then a pause in which the other transaction deletes one, then the vector written.
const NODE_VECTORS = `UNWIND $ids AS id
  MATCH (n:VanishProbe {tenant: $tenant, id: id})
  WITH collect(n) AS nodes CALL apoc.util.sleep($pauseMs)
  UNWIND nodes AS n CALL db.create.setNodeVectorProperty(n, 'embedding', $vector)`;
const LINK_VECTORS = `UNWIND $ids AS id
  MATCH (:VanishProbe {tenant: $tenant})-[r:VANISH_LINK {id: id}]->()
  WITH collect(r) AS links CALL apoc.util.sleep($pauseMs)
  UNWIND links AS r CALL db.create.setRelationshipVectorProperty(r, 'embedding', $vector)`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until Neo4j lists a running statement that contains `marker` (its matching done once its pause has begun). */
async function runningStatement(marker: string): Promise<void> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(20)) {
    const { records } = await driver.executeQuery("SHOW TRANSACTIONS YIELD currentQuery WHERE currentQuery CONTAINS $marker RETURN count(*) AS n", { marker });
    if (Number(records[0]!.get("n")) > 0) return;
  }
  throw new Error(`no running statement contains ${marker}`);
}

/**
 * Runs `cypher` over `ids` in a write transaction (its first run pausing 2 s after matching) while `id` is deleted
 * by a transaction of its own, once the first run is seen running and has matched.
 */
async function raceDelete(cypher: string, ids: string[], id: string, rerunIfVanished: boolean): Promise<{ runs: number }> {
  const marker = `race-${randomUUID()}`;
  let runs = 0;
  const write = graph.writeTransaction(
    async (tx) => {
      runs++;
      await tx.run(noRows(`${cypher} // ${marker}`, { ids, tenant, vector: VECTOR, pauseMs: runs === 1 ? 2000 : 0 }));
    },
    { rerunIfVanished },
  );
  await runningStatement(marker);
  await sleep(300);
  await driver.executeQuery("MATCH (n:VanishProbe {tenant: $tenant, id: $id}) DETACH DELETE n", { tenant, id });
  await write;
  return { runs };
}

/** The node's vector to three places (stored as 32-bit floats), null without one, undefined without the node. */
async function vectorOf(id: string): Promise<number[] | null | undefined> {
  const { records } = await driver.executeQuery("MATCH (n:VanishProbe {tenant: $tenant, id: $id}) RETURN n.embedding AS v", { tenant, id });
  const v = records[0]?.get("v") as number[] | null | undefined;
  return v ? v.map((x) => Math.round(x * 1000) / 1000) : v;
}

describe("a write whose matched entity another transaction deletes meanwhile", () => {
  it("fails as vanishedEntity says, for a node and for a relationship, when not told to run again", async () => {
    await probes(["n1", "n2"]);
    const node = await raceDelete(NODE_VECTORS, ["n1", "n2"], "n2", false).catch((err: unknown) => err);
    expect(node).toMatchObject({ code: "Neo.ClientError.Procedure.ProcedureCallFailed" });
    expect(vanishedEntity(node)).toBe(true);
    expect(await vectorOf("n1")).toBeNull(); // the whole statement rolled back

    await probes(["r1", "r2", "r3"]);
    const link = await raceDelete(LINK_VECTORS, ["r1", "r2"], "r2", false).catch((err: unknown) => err);
    expect(vanishedEntity(link)).toBe(true);
  });

  it("runs again with rerunIfVanished, and writes what is still there", async () => {
    await probes(["k1", "k2", "k3"]);
    const { runs } = await raceDelete(NODE_VECTORS, ["k1", "k2", "k3"], "k2", true);
    expect(runs).toBe(2);
    expect(await vectorOf("k1")).toEqual(VECTOR);
    expect(await vectorOf("k3")).toEqual(VECTOR);
    expect(await vectorOf("k2")).toBeUndefined();
  });

  it("does not take other errors for a vanished entity", async () => {
    const err = await graph.write(noRows("CALL db.create.setNodeVectorProperty(null, 'embedding', [1.0])", {})).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(vanishedEntity(err)).toBe(false);
    expect(vanishedEntity(new Error("EntityNotFoundException"))).toBe(false);
  });
});
