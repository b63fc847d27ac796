import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IsolationBreach } from "../../support/isolationGuard.js";
import { startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

/**
 * The parallel project's guard, provoked on purpose: a test that counts every node (as the
 * operator's raw Cypher test once did, and failed at random beside other files) fails at once,
 * every time, with the statement and the fix; a statement scoped to the test's own data runs.
 */
let gw: TestGateway;
const me = uniqueAgent("isolation");
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw.driver.executeQuery("MATCH (n {ownerId: $me}) DETACH DELETE n", { me });
  await gw.stop();
});

describe("the isolation guard of the parallel project", () => {
  it("is on in this project", () => {
    expect(process.env.TEST_ISOLATION_GUARD).toBe("on");
  });

  it("fails a test that counts every node, naming the statement and where such a file belongs", async () => {
    const breach = await gw.driver.executeQuery("MATCH (n) RETURN count(n) AS n").catch((e: unknown) => e);
    expect(breach).toBeInstanceOf(IsolationBreach);
    expect((breach as Error).message).toContain("MATCH (n) RETURN count(n)");
    expect((breach as Error).message).toContain("WHOLE_DATABASE");
  });

  it("fails a label read across tenants, in a session and in a transaction function too", async () => {
    const session = gw.driver.session();
    try {
      await expect(session.run("MATCH (m:Memory) RETURN count(m) AS n")).rejects.toBeInstanceOf(IsolationBreach);
      await expect(session.executeRead((tx) => tx.run("MATCH (p:Person) RETURN p.name AS name LIMIT 5"))).rejects.toBeInstanceOf(IsolationBreach);
    } finally {
      await session.close();
    }
  });

  it("runs statements scoped to the test's own agent, and plans", async () => {
    await gw.driver.executeQuery("CREATE (:IsolationProbe {id: randomUUID(), ownerId: $me})", { me });
    const { records } = await gw.driver.executeQuery("MATCH (n:IsolationProbe {ownerId: $me}) RETURN count(n) AS n", { me });
    expect(records[0]!.get("n").toNumber()).toBe(1);
    await expect(gw.driver.executeQuery("EXPLAIN MATCH (n) RETURN count(n)")).resolves.toBeDefined();
  });
});
