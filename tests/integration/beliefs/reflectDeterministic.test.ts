import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { CREATE_EXPERIENCES, data, experiences, MEMORY_REFLECT, REFLECT } from "./beliefOps.js";

let t: TokenGateway;
beforeAll(async () => {
  t = await startTokenGateway();
});
afterAll(async () => {
  await t.stop();
});

const MIGRATIONS = [
  "Running the schema migration inside a transaction avoided a half-applied schema",
  "Wrapping the database migration in one transaction kept the schema consistent",
  "The migration ran in a single transaction, so a failure left the schema untouched",
  "Applying schema migrations transactionally prevented partial schema changes",
];
const FRIDAY = "Friday afternoon deploy of the checkout service";


describe("reflect without a model: deterministic consolidation", () => {
  it("groups similar experiences into beliefs (confidence from support), splits contradicting outcomes, pools the confident one, and records it all", async () => {
    const agent = t.caller("reflector");
    await data(
      t.as(agent, CREATE_EXPERIENCES, {
        input: experiences([
          ...MIGRATIONS.map((description) => ({ description, outcome: "SUCCESS" as const, experienceType: "migration" })),
          { description: FRIDAY, outcome: "SUCCESS", experienceType: "deploy" },
          { description: `${FRIDAY}, second attempt`, outcome: "FAILED", experienceType: "deploy" },
          { description: "The user prefers short bullet-point summaries", experienceType: "conversation" },
        ]),
      }),
    );
    const { memoryReflect: r } = await data(t.as(agent, MEMORY_REFLECT, {}));
    expect(r).toMatchObject({ ownerId: agent.agentId, planner: "DETERMINISTIC", fallbackReason: null, promptVersion: null, trigger: "memoryReflect" });
    expect(r.considered).toHaveLength(7);
    expect(r.content).toBe("Consolidated 7 experiences: formed 4 beliefs, reinforced 0, superseded 0, 1 contradiction linked.");
    const byDomain = (d: string) => r.beliefsFormed.filter((b: any) => b.domains.includes(d));
    // Four agreeing experiences: confidence 1 − 0.5·0.7³ = 0.829, strength 4/7; at or above 0.7 it joined the pool (SHARED).
    const [migration] = byDomain("migration");
    expect(migration).toMatchObject({ confidence: 0.829, strength: 0.571, state: "ACTIVE", visibility: "SHARED", sourceType: "REFLECTION" });
    expect(MIGRATIONS).toContain(migration.content);
    // One success and one failure of the same thing: two beliefs, 0.25 each (support 1 against 1), one CONTRADICTS the other.
    const deploy = byDomain("deploy");
    expect(deploy.map((b: any) => b.confidence)).toEqual([0.25, 0.25]);
    const links = deploy.flatMap((b: any) => b.contradicts.map((c: any) => [b.id, c.id]));
    expect(links).toHaveLength(1);
    expect(deploy.map((b: any) => b.id)).toContain(links[0][1]);
    expect(byDomain("conversation")[0]).toMatchObject({ confidence: 0.5, visibility: "PRIVATE" });

    // The pool entry of the confident belief, and one BELIEF_FORMED event per belief, written in the same transaction.
    const { records: pool } = await t.gw.driver.executeQuery(
      "MATCH (sk:SharedKnowledge {tenantId: $tenant})-[:SHARES]->(b:Belief) RETURN b.id AS id, sk.knowledgeType AS type, sk.minConfidence AS min",
      { tenant: t.tenant },
    );
    expect(pool.map((p) => p.toObject())).toEqual([{ id: migration.id, type: "Belief", min: 0.7 }]);
    const { records: events } = await t.gw.driver.executeQuery(
      "MATCH (e:OutboxEvent {tenantId: $tenant, type: 'BELIEF_FORMED'}) RETURN e.nodeId AS id, e.visibility AS visibility",
      { tenant: t.tenant },
    );
    expect(events.map((e) => e.get("id")).sort()).toEqual(r.beliefsFormed.map((b: any) => b.id).sort());
    expect(events.find((e) => e.get("id") === migration.id)!.get("visibility")).toBe("SHARED");

    // Another agent of the tenant reads the pooled belief, not the private ones.
    const other = t.caller("reader");
    const seen = await data(t.as(other, `query ($ids: [ID!]!) { beliefs(where: { id: { in: $ids } }) { id } }`, { ids: r.beliefsFormed.map((b: any) => b.id) }));
    expect(seen.beliefs).toEqual([{ id: migration.id }]);
  });

  it("considers an experience once: a second reflection finds nothing new and forms nothing", async () => {
    const agent = t.caller("once");
    await data(t.as(agent, CREATE_EXPERIENCES, { input: experiences([{ description: "Caching the embeddings halved the latency", outcome: "SUCCESS" }]) }));
    const first = (await data(t.as(agent, REFLECT, { agentId: agent.agentId }))).reflect;
    expect(first.considered).toHaveLength(1);
    const second = (await data(t.as(agent, REFLECT, { agentId: agent.agentId }))).reflect;
    expect(second).toMatchObject({ considered: [], beliefsFormed: [], content: "Nothing new to reflect on: every experience has been considered." });
  });

  it("new experiences that agree with an existing belief reinforce it instead of duplicating it", async () => {
    const agent = t.caller("reinforce");
    await data(t.as(agent, CREATE_EXPERIENCES, { input: experiences([{ description: MIGRATIONS[0]!, outcome: "SUCCESS" }]) }));
    const [formed] = (await data(t.as(agent, MEMORY_REFLECT, {}))).memoryReflect.beliefsFormed;
    await data(t.as(agent, CREATE_EXPERIENCES, { input: experiences([{ description: MIGRATIONS[1]!, outcome: "SUCCESS" }, { description: MIGRATIONS[3]!, outcome: "SUCCESS" }]) }));
    const second = (await data(t.as(agent, MEMORY_REFLECT, {}))).memoryReflect;
    expect(second.beliefsFormed).toEqual([]);
    expect(second.content).toContain("reinforced 1");
    const { beliefs } = await data(t.as(agent, `query ($id: ID!) { beliefs(where: { id: { eq: $id } }) { confidence strength state visibility } }`, { id: formed.id }));
    // Support 3 now: 0.755, which also crosses the pool threshold.
    expect(beliefs).toEqual([{ confidence: 0.755, strength: 0.5, state: "ACTIVE", visibility: "SHARED" }]);
  });

  it("only the agent itself or an admin may reflect for an agent; bad input names the argument", async () => {
    const owner = t.caller("owner-r");
    const other = t.caller("other-r");
    const admin = t.caller("admin-r", ["agent", "admin"]);
    await data(t.as(owner, CREATE_EXPERIENCES, { input: experiences([{ description: "Pairing on the outage review surfaced the root cause fast" }]) }));
    const refused = await t.as(other, REFLECT, { agentId: owner.agentId });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const byAdmin = (await data(t.as(admin, REFLECT, { agentId: owner.agentId }))).reflect;
    expect(byAdmin).toMatchObject({ ownerId: owner.agentId, considered: [{}] });
    const tooMany = await t.as(owner, REFLECT, { agentId: owner.agentId, limit: 500 });
    expect(tooMany.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "reflect.limit" });
  });
});
