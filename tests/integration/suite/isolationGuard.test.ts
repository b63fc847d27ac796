import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IsolationBreach } from "../../support/isolationGuard.js";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { ASSERT } from "../tools/peopleFixture.js";

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

  it("removeOwnedBy keeps a fact's object that another file's fact still points at", async () => {
    // Two files in the shared auth-off tenant name the same skill: the first to name it owns the one node.
    const first = uniqueAgent("isolation-first");
    const skill = `Skill-${me}`;
    await ok(gw, `mutation ($p: [PersonCreateInput!]!) { createPeople(input: $p) { people { id } } }`, { p: [{ id: `${first}-p`, name: "First" }] }, first);
    await ok(gw, ASSERT, { facts: [{ subject: `${first}-p`, relation: "HAS_SKILL", object: skill, confidence: 0.9, evidence: ["m1"] }] }, first);
    await ok(gw, `mutation ($p: [PersonCreateInput!]!) { createPeople(input: $p) { people { id } } }`, { p: [{ id: `${me}-p`, name: "Second" }] }, me);
    await ok(gw, ASSERT, { facts: [{ subject: `${me}-p`, relation: "HAS_SKILL", object: skill, confidence: 0.9, evidence: ["m2"] }] }, me);
    const skillsOf = async (owner: string) =>
      (await gw.driver.executeQuery("MATCH (:Person {id: $id})-[:HAS_SKILL]->(s:Skill) RETURN s.name AS name, s.ownerId AS owner", { id: `${owner}-p` })).records.map((r) => r.toObject());
    expect(await skillsOf(me)).toEqual([{ name: skill, owner: first }]);

    await removeOwnedBy(gw.driver, first);
    expect(await skillsOf(me)).toEqual([{ name: skill, owner: first }]);
    const { records } = await gw.driver.executeQuery("MATCH (p:Person {id: $id}) RETURN count(p) AS n", { id: `${first}-p` });
    expect(records[0]!.get("n").toNumber()).toBe(0);
    await gw.driver.executeQuery("MATCH (s:Skill {ownerId: $first, name: $skill}) DETACH DELETE s", { first, skill });
  });
});
