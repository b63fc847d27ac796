import { afterAll, describe, expect, inject, it } from "vitest";
import neo4j from "neo4j-driver";
import { statementMemory, warmPlans } from "../../../src/graph/statementMemory.js";
import { watchStatements } from "../../../src/graph/watchedDriver.js";
import { createLogger } from "../../../src/logging/logger.js";

const { uri, user, password } = inject("neo4j");
const base = neo4j.driver(uri, neo4j.auth.basic(user, password));
const logger = createLogger({ logLevel: "silent" });
const tag = `warm-${Date.now()}`;

afterAll(async () => {
  await base.executeQuery("MATCH (n:WarmPlansProbe {tag: $tag}) DETACH DELETE n", { tag });
  await base.close();
});

describe("planning the recent statements again (after Neo4j restarts)", () => {
  it("remembers what the gateway's driver sends, through sessions, transactions and executeQuery", async () => {
    const memory = statementMemory();
    const driver = watchStatements(base, memory.watch);
    await driver.executeQuery("CREATE (:WarmPlansProbe {tag: $tag, n: 1})", { tag });
    const session = driver.session();
    try {
      await session.run("MATCH (p:WarmPlansProbe {tag: $tag}) RETURN count(p) AS c", { tag });
      await session.executeRead((tx) => tx.run("CYPHER 5\nMATCH (p:WarmPlansProbe) WHERE p.tag = $tag RETURN p.n AS n", { tag }));
    } finally {
      await session.close();
    }
    expect(memory.recent().map((s) => s.text)).toEqual([
      "CYPHER 5\nMATCH (p:WarmPlansProbe) WHERE p.tag = $tag RETURN p.n AS n",
      "MATCH (p:WarmPlansProbe {tag: $tag}) RETURN count(p) AS c",
      "CREATE (:WarmPlansProbe {tag: $tag, n: 1})",
    ]);
    expect(memory.recent()[0]!.params).toEqual({ tag });
  });

  it("plans each with EXPLAIN and its parameters, writing nothing (a CREATE among them included)", async () => {
    const memory = statementMemory();
    const driver = watchStatements(base, memory.watch);
    await driver.executeQuery("CREATE (:WarmPlansProbe {tag: $tag, n: 2})", { tag });
    await driver.executeQuery("CYPHER 5\nMATCH (p:WarmPlansProbe) WHERE p.tag = $tag AND p.n IN $ns RETURN p", { tag, ns: [1, 2] });
    const count = async () => (await base.executeQuery("MATCH (p:WarmPlansProbe {tag: $tag}) RETURN count(p) AS c", { tag })).records[0]!.get("c").toNumber();
    const before = await count();

    const result = await warmPlans({ driver: base, statements: memory.recent(), budgetMs: 10_000, logger });
    expect(result).toMatchObject({ planned: 2, failed: 0, skipped: 0 });
    expect(await count()).toBe(before);
  });

  it("counts a statement that cannot be planned, and stops at its time budget", async () => {
    const statements = [
      { text: "MATCH (p:WarmPlansProbe RETURN p", params: {}, database: undefined },
      { text: "RETURN $x AS x", params: { x: 1 }, database: undefined },
    ];
    expect(await warmPlans({ driver: base, statements, budgetMs: 10_000, concurrency: 1, logger })).toMatchObject({ planned: 1, failed: 1, skipped: 0 });
    expect(await warmPlans({ driver: base, statements, budgetMs: 0, concurrency: 1, logger })).toMatchObject({ planned: 0, failed: 0, skipped: 2 });
  });
});
