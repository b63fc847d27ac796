import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFactEmbeddingPass, markStaleFacts } from "../../src/facts/factEmbeddingPass.js";
import { factRelations } from "../../src/facts/factRelations.js";
import { factIndexes } from "../../src/facts/factIndexes.js";
import { loadTypeDefs } from "../../src/schema/loadTypeDefs.js";
import { linkStampBackfill } from "../../src/app/linkStamps.js";
import { fails, ok } from "../support/gql.js";
import { removeOwnedBy, settleGateways, startTestGateway, uniqueAgent, type TestGateway } from "../support/testGateway.js";
import { ASSERT } from "./tools/peopleFixture.js";

let gw: TestGateway;
const me = uniqueAgent("facts");
const id = (name: string) => `${me}-${name}`;

beforeAll(async () => {
  gw = await startTestGateway();
  await ok(gw, `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`, {
    input: ["erin", "frank", "gina", "hal", "ivy"].map((n) => ({ id: id(n), name: `${n}-${me}` })),
  }, me);
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

const assertFacts = (facts: Record<string, unknown>[]) => ok(gw, ASSERT, { facts }, me).then((d) => d.assertFacts);
/** Every fact relationship of one person, as stored. */
async function stored(person: string) {
  const { records } = await gw.driver.executeQuery(
    `MATCH (p:Person {id: $id})-[r]->(o) RETURN type(r) AS type, o.name AS object, r.confidence AS confidence, r.evidence AS evidence,
            toString(r.validUntil) AS validUntil, size(r.embedding) AS dims, r.embeddingModel AS model, r.embeddingKey AS key,
            r.embeddingStatus AS status, r.proficiency AS proficiency,
            reduce(s = 0.0, x IN coalesce(r.embedding, []) | s + x * x) AS norm`,
    { id: id(person) },
  );
  return records.map((r) => r.toObject());
}
const org = (name: string) => `${name}-${me}`;

describe("assertFacts: facts with history", () => {
  it("the same fact asserted again merges evidence and confidence (noisy-or) instead of duplicating", async () => {
    const fact = { subject: id("erin"), relation: "HAS_SKILL", object: org("Rust"), confidence: 0.6, evidence: ["m1", "m2"] };
    const first = await assertFacts([fact]);
    expect(first.created).toHaveLength(1);
    const again = await assertFacts([{ ...fact, object: org("rust").toUpperCase().toLowerCase(), evidence: ["m2", "m3"] }]);
    expect(again.created).toEqual([]);
    expect(again.merged).toEqual([expect.objectContaining({ id: first.created[0].id, confidence: 0.84, evidence: ["m1", "m2", "m3"] })]);
    const rows = await stored("erin");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "HAS_SKILL", confidence: 0.84, evidence: ["m1", "m2", "m3"] });
  });

  it("every fact gets a 384-d unit embedding with its model and key, written in the same call", async () => {
    const [row] = await stored("erin");
    expect(row!.dims).toEqual(expect.objectContaining({ low: 384 }));
    expect(Math.abs(row!.norm - 1)).toBeLessThan(1e-3);
    expect(row!.model).toBe(gw.app.embedder.model);
    expect(row!.key).toMatch(new RegExp(`^${gw.app.embedder.model}:[0-9a-f]{32}$`));
    expect(row!.status).toBe("READY");
  });

  it("a new employer closes the old one: WORKS_AT becomes PREVIOUSLY with validUntil, and asOf sees each in its time", async () => {
    await assertFacts([{ subject: id("frank"), relation: "WORKS_AT", object: org("Acme"), confidence: 0.9, evidence: ["m10"], validFrom: "2020-01-01T00:00:00Z", attributes: { role: "Engineer" } }]);
    const next = await assertFacts([{ subject: id("frank"), relation: "WORKS_AT", object: org("Globex"), confidence: 0.8, evidence: ["m11"], validFrom: "2023-06-01T00:00:00Z" }]);
    expect(next.closed).toEqual([expect.objectContaining({ type: "PREVIOUSLY", object: org("Acme"), validUntil: "2023-06-01T00:00:00.000Z", current: false, attributes: { endDate: "2023-06-01" } })]);
    expect(next.contradictions).toEqual([]);
    const rows = await stored("frank");
    expect(rows.map((r) => [r.type, r.object]).sort()).toEqual([["PREVIOUSLY", org("Acme")], ["WORKS_AT", org("Globex")]]);
    expect(rows.every((r) => r.dims?.low === 384)).toBe(true);

    const profileAt = async (asOf: string) =>
      (await ok(gw, `query ($id: ID!, $at: DateTime) { personProfile(personId: $id, factTypes: ["WORKS_AT", "PREVIOUSLY"], asOf: $at) { facts { type object } } }`, { id: id("frank"), at: asOf }, me)).personProfile.facts;
    expect(await profileAt("2022-01-01T00:00:00Z")).toEqual([{ type: "PREVIOUSLY", object: org("Acme") }]);
    expect(await profileAt("2024-01-01T00:00:00Z")).toEqual([{ type: "WORKS_AT", object: org("Globex") }]);
    expect(await profileAt("2019-01-01T00:00:00Z")).toEqual([]);
    const byOrg = async (name: string, asOf: string) =>
      (await ok(gw, `query ($o: String!, $at: DateTime) { peopleByOrganization(organization: $o, asOf: $at) { people { personId } } }`, { o: name, at: asOf }, me)).peopleByOrganization.people;
    expect(await byOrg(org("Acme"), "2021-01-01T00:00:00Z")).toEqual([{ personId: id("frank") }]);
    expect(await byOrg(org("Acme"), "2024-01-01T00:00:00Z")).toEqual([]);
    const timeline = await ok(gw, `query ($id: ID!) { personTimeline(personId: $id) { timeline { type object } } }`, { id: id("frank") }, me);
    expect(timeline.personTimeline.timeline).toEqual([{ type: "PREVIOUSLY", object: org("Acme") }, { type: "WORKS_AT", object: org("Globex") }]);
  });

  it("conflicting facts are kept side by side and flagged, in the payload and in factContradictions", async () => {
    await assertFacts([{ subject: id("gina"), relation: "LIVES_IN", object: org("Paris"), confidence: 0.9, validFrom: "2021-01-01T00:00:00Z" }]);
    const res = await assertFacts([{ subject: id("gina"), relation: "LIVES_IN", object: org("Berlin"), confidence: 0.7, validFrom: "2020-01-01T00:00:00Z" }]);
    expect(res.closed).toEqual([]);
    expect(res.contradictions).toEqual([expect.objectContaining({ fact: expect.objectContaining({ object: org("Berlin") }), conflictsWith: expect.objectContaining({ object: org("Paris") }) })]);
    expect((await stored("gina")).map((r) => r.object).sort()).toEqual([org("Berlin"), org("Paris")]);
    const flagged = await ok(gw, `query ($id: ID!) { factContradictions(personId: $id) { id object contradicts } }`, { id: id("gina") }, me);
    expect(flagged.factContradictions).toHaveLength(2);
    const [a, b] = flagged.factContradictions;
    expect(a.contradicts).toEqual([b.id]);
    expect(b.contradicts).toEqual([a.id]);
  });

  it("the same fact with a different role is kept beside the old one and flagged", async () => {
    const base = { subject: id("hal"), relation: "WORKS_AT", object: org("Initech"), confidence: 0.8 };
    await assertFacts([{ ...base, attributes: { role: "Engineer" } }]);
    const res = await assertFacts([{ ...base, attributes: { role: "Manager" } }]);
    expect(res.created).toHaveLength(1);
    expect(res.contradictions[0].reason).toContain('role: "Engineer" vs "Manager"');
  });
});

describe("assertFacts: objects under other spellings", () => {
  it("'Shopify Inc.' and 'shopify' name the Shopify that exists: no second node, and the new spelling becomes an alias", async () => {
    await ok(gw, `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`, {
      input: ["jay", "kim", "lee"].map((n) => ({ id: id(n), name: `${n}-${me}` })),
    }, me);
    const shop = org("Shopify");
    await assertFacts([{ subject: id("jay"), relation: "WORKS_AT", object: shop, confidence: 0.9 }]);
    const other = await assertFacts([
      { subject: id("kim"), relation: "WORKS_AT", object: `${shop}, Inc.`, confidence: 0.8 },
      { subject: id("lee"), relation: "WORKS_AT", object: shop.toUpperCase(), confidence: 0.8 },
    ]);
    expect(other.created.map((f: { object: string }) => f.object)).toEqual([shop, shop]);
    const { records } = await gw.driver.executeQuery(`MATCH (o:Org) WHERE toLower(o.name) STARTS WITH toLower($name) RETURN o.name AS name, o.aliases AS aliases`, { name: shop });
    expect(records.map((r) => r.toObject())).toEqual([{ name: shop, aliases: [`${shop}, Inc.`] }]);
  });
});

describe("assertFacts refuses bad input and writes nothing", () => {
  const good = () => ({ subject: id("ivy"), relation: "HAS_SKILL", object: org("Go"), confidence: 0.5 });
  const cases: [string, Record<string, unknown>, string][] = [
    ["empty subject", { subject: " " }, "assertFacts.facts[1].subject"],
    ["confidence 1.5", { confidence: 1.5 }, "assertFacts.facts[1].confidence"],
    ["unknown relation", { relation: "LOVES" }, "assertFacts.facts[1].relation"],
    ["evidence over 200 ids", { evidence: Array.from({ length: 201 }, (_, i) => `m${i}`) }, "assertFacts.facts[1].evidence"],
    ["extra that is not a JSON object", { attributes: { extra: "[1]" } }, "assertFacts.facts[1].attributes.extra"],
    ["validUntil before validFrom", { validFrom: "2022-01-01T00:00:00Z", validUntil: "2021-01-01T00:00:00Z" }, "assertFacts.facts[1].validUntil"],
  ];
  for (const [what, change, field] of cases) {
    it(`${what}: BAD_USER_INPUT naming ${field}; the good fact before it is not written either`, async () => {
      const err = await fails(gw, ASSERT, { facts: [good(), { ...good(), ...change }] }, me);
      expect({ code: err.code, field: err.field }).toEqual({ code: "BAD_USER_INPUT", field });
      expect(await stored("ivy")).toEqual([]);
    });
  }

  it("an unknown subject is NOT_FOUND, and nothing of the call is written", async () => {
    const err = await fails(gw, ASSERT, { facts: [good(), { ...good(), subject: "nobody-at-all" }] }, me);
    expect(err.code).toBe("NOT_FOUND");
    expect(await stored("ivy")).toEqual([]);
    const { records } = await gw.driver.executeQuery("MATCH (n:Skill {name: $name}) RETURN count(n) AS n", { name: org("Go") });
    expect(records[0]!.get("n").toNumber()).toBe(0);
  });
});

describe("the fact embedding pass", () => {
  const types = factRelations(loadTypeDefs().document).map((r) => r.type);
  const embedAll = async () => {
    const run = createFactEmbeddingPass({ driver: gw.driver, database: "neo4j", types });
    let handled = 0;
    for (let n = await run(gw.app.embedder); n > 0; n = await run(gw.app.embedder)) handled += n;
    return { handled, again: await run(gw.app.embedder) };
  };

  it("embeds facts written through generated CRUD (PENDING → READY), then reports 0 left", async () => {
    await ok(gw, `mutation ($id: ID!, $skill: SkillCreateInput!) {
      updatePeople(where: { id: { eq: $id } }, update: { hasSkill: [{ create: [{ node: $skill, edge: { confidence: 0.7, proficiency: "novice" } }] }] }) { people { id } }
    }`, { id: id("ivy"), skill: { name: org("Haskell") } }, me);
    expect((await stored("ivy"))[0]).toMatchObject({ dims: null, key: null, status: "PENDING" });
    const { handled, again } = await embedAll();
    expect(handled).toBeGreaterThanOrEqual(1);
    const [row] = await stored("ivy");
    expect(row!.dims.low).toBe(384);
    expect(row!.model).toBe(gw.app.embedder.model);
    expect(row!.status).toBe("READY");
    expect(again).toBe(0);
  });

  it("a CRUD update of a fact makes it PENDING again, and the pass embeds its new text", async () => {
    const before = (await stored("ivy"))[0]!;
    await ok(gw, `mutation ($id: ID!) {
      updatePeople(where: { id: { eq: $id } }, update: { hasSkill: [{ update: { edge: { proficiency: { set: "expert" } } } }] }) { people { id } }
    }`, { id: id("ivy") }, me);
    expect((await stored("ivy"))[0]).toMatchObject({ proficiency: "expert", status: "PENDING" });
    await embedAll();
    const after = (await stored("ivy"))[0]!;
    expect(after.status).toBe("READY");
    expect(after.key).not.toBe(before.key);
  });

  it("finds pending facts through the status indexes, not by reading every fact", async () => {
    const { summary } = await gw.driver.executeQuery(`EXPLAIN MATCH ()-[r:HAS_SKILL]->() WHERE r.embeddingStatus = 'PENDING' RETURN r LIMIT 10`);
    const operators: string[] = [];
    const walk = (plan: { operatorType: string; children: unknown[] }) => {
      operators.push(plan.operatorType);
      plan.children.forEach((c) => walk(c as never));
    };
    walk(summary.plan as never);
    expect(operators.some((o) => /RelationshipIndexSeek/.test(o))).toBe(true);
  });

  it("after a change of model, markStaleFacts queues the facts another model embedded, and the pass redoes them", async () => {
    // The gateways' workers may still be passing over the writes above (a shared gateway's, the files' before it too):
    // once none has anything left, nothing embeds the facts marked below until this test's pass does.
    await settleGateways();
    await gw.driver.executeQuery(`MATCH (:Person {id: $id})-[r]->() SET r.embeddingModel = 'an-older-model'`, { id: id("ivy") });
    const queued = await markStaleFacts(gw.driver, "neo4j", types, gw.app.embedder.model);
    expect(queued.HAS_SKILL).toBeGreaterThanOrEqual(1);
    expect((await stored("ivy"))[0]).toMatchObject({ status: "PENDING" });
    await embedAll();
    expect((await stored("ivy"))[0]).toMatchObject({ status: "READY", model: gw.app.embedder.model });
  });

  it("the start-up migration gives facts written before statuses existed one: PENDING without a vector, READY with a current one", async () => {
    await gw.driver.executeQuery(`MATCH (:Person {id: $id})-[r]->() REMOVE r.embeddingStatus`, { id: id("ivy") });
    await gw.driver.executeQuery(`MATCH (:Person {id: $id})-[r]->() REMOVE r.embeddingStatus, r.embeddingKey`, { id: id("hal") });
    const session = gw.driver.session({ database: "neo4j" });
    try {
      for (const m of factIndexes(loadTypeDefs().document).filter((m) => m.data)) await session.run(m.cypher);
    } finally {
      await session.close();
    }
    expect((await stored("ivy")).map((r) => r.status)).toEqual(["READY"]);
    const hal = await stored("hal");
    expect(hal.length).toBeGreaterThan(0);
    expect(hal.every((r) => r.status === "PENDING")).toBe(true);
  });

  it("a fact linked by a nested connect is stamped; one stored unstamped gets the later of its ends' creation times from the start-up migration", async () => {
    const skill = await ok(gw, `mutation ($name: String!) { createSkills(input: [{ name: $name }]) { skills { id createdAt } } }`, { name: org("Erlang") }, me);
    const { id: skillId } = skill.createSkills.skills[0];
    await ok(gw, `mutation ($id: ID!, $skill: ID!) {
      updatePeople(where: { id: { eq: $id } }, update: { hasSkill: [{ connect: [{ where: { node: { id: { eq: $skill } } }, edge: { confidence: 0.6 } }] }] }) { people { id } }
    }`, { id: id("gina"), skill: skillId }, me);
    const readStamp = async () => {
      const data = await ok(gw, `query ($id: ID!) { people(where: { id: { eq: $id } }) { hasSkillConnection { edges { properties { createdAt } node { name } } } } }`, { id: id("gina") }, me);
      return data.people[0].hasSkillConnection.edges.find((e: { node: { name: string } }) => e.node.name === org("Erlang")).properties.createdAt as string;
    };
    expect(Date.parse(await readStamp())).toBeGreaterThanOrEqual(Date.parse(skill.createSkills.skills[0].createdAt) - 1000);

    await gw.driver.executeQuery(`MATCH (:Person {id: $id})-[r:HAS_SKILL]->(:Skill {id: $skill}) REMOVE r.createdAt`, { id: id("gina"), skill: skillId });
    const { records } = await gw.driver.executeQuery(`MATCH (p:Person {id: $id}), (s:Skill {id: $skill}) RETURN toString(p.createdAt) AS person, toString(s.createdAt) AS skill`, { id: id("gina"), skill: skillId });
    const later = [records[0]!.get("person"), records[0]!.get("skill")].sort().at(-1)!;
    const backfill = linkStampBackfill(loadTypeDefs().document).find((m) => m.name === "has_skill_createdat_backfill")!;
    const session = gw.driver.session({ database: "neo4j" });
    try {
      await session.run(backfill.cypher); // CALL … IN TRANSACTIONS: an implicit transaction, as the migration runner sends it
    } finally {
      await session.close();
    }
    expect(Date.parse(await readStamp())).toBe(Date.parse(later));
  });
});
