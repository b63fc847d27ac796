import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { ASSERT } from "../tools/peopleFixture.js";

/**
 * Issue #18, part 5: the tenant boundary on every path, tried with real tokens
 * of two tenants and of several agents of one tenant against the real Neo4j.
 * (a) raw Cypher as a tenant's caller is rewritten to what it may read in its
 * tenant, and only the gateway's operator reads every tenant; (b) an object a fact creates takes the fact's visibility, so
 * a private fact never publishes the name of what it names.
 */
let tg: TokenGateway;
let alice: Caller;
let bob: Caller;
let carol: Caller;
let admin: Caller;
let operator: Caller;
/** An admin of another tenant, with alice's agent id: only the tenant tells them apart. */
let stranger: Caller;
/** Names unique to this run, so what another test file writes never matches. */
let n: (name: string) => string;

const PEOPLE = `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`;
const SKILLS = `query ($names: [String!]!) { skills(where: { name: { in: $names } }) { name visibility ownerId sharedWith } }`;
const ORGS = `query ($names: [String!]!) { orgs(where: { name: { in: $names } }) { name } }`;
const PLACES = `query ($names: [String!]!) { places(where: { name: { in: $names } }) { name } }`;
const TOPICS = `query ($names: [String!]!) { topics(where: { name: { in: $names } }) { name } }`;
const PROFILE = `query ($id: ID!) { personProfile(personId: $id) { found facts { type object } } }`;
const BY_SKILL = `query ($skill: String!) { peopleBySkill(skill: $skill, minConfidence: 0) { people { personId } } }`;
const CYPHER = `query ($query: String!, $params: String) { cypherQuery(query: $query, params: $params) { rows } }`;

async function must<T = Record<string, any>>(caller: Caller, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await tg.as<T>(caller, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
}
const assertFacts = (caller: Caller, facts: Record<string, unknown>[]) => must(caller, ASSERT, { facts }).then((d) => d.assertFacts);
const fact = (subject: string, relation: string, object: string) => ({ subject, relation, object, confidence: 0.9, evidence: [] });
const skillsSeenBy = async (caller: Caller, ...names: string[]) =>
  ((await must(caller, SKILLS, { names: names.map(n) })).skills as { name: string; visibility: string; ownerId: string; sharedWith: string[] }[]).sort((a, b) =>
    `${a.name}${a.visibility}`.localeCompare(`${b.name}${b.visibility}`),
  );
/** Every node of a label with this name in the whole database, as stored: what no tenant API may show. */
async function stored(label: "Skill" | "Org" | "Place" | "Topic", name: string) {
  const { records } = await tg.gw.driver.executeQuery(
    `MATCH (o) WHERE $label IN labels(o) AND o.name = $name
     RETURN o.tenantId AS tenantId, o.ownerId AS ownerId, o.visibility AS visibility, o.sharedWith AS sharedWith, COUNT { (o)<--() } AS facts
     ORDER BY tenantId, visibility, ownerId`,
    { label, name },
  );
  return records.map((r) => ({
    tenantId: r.get("tenantId") as string,
    ownerId: r.get("ownerId") as string,
    visibility: r.get("visibility") as string,
    sharedWith: r.get("sharedWith") as string[],
    facts: Number(r.get("facts")),
  }));
}

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "boundary" });
  alice = tg.caller("alice");
  bob = tg.caller("bob");
  carol = tg.caller("carol");
  admin = tg.caller("admin", ["agent", "admin"]);
  operator = tg.operator("operator");
  stranger = { tenantId: `${tg.tenant}-other`, agentId: alice.agentId, roles: ["agent", "admin"] };
  n = (name) => `${name}-${tg.tenant}`;
  // Alice's own private contact, one she shares with bob, a shared colleague; bob's private contact.
  await must(alice, PEOPLE, {
    input: [
      { id: n("secret-contact"), name: "Secret Contact", visibility: "PRIVATE" },
      { id: n("shared-with-bob"), name: "Shared With Bob", visibility: "PRIVATE", sharedWith: [bob.agentId] },
      { id: n("colleague"), name: "Colleague", visibility: "SHARED" },
    ],
  });
  await must(bob, PEOPLE, { input: [{ id: n("bobs-contact"), name: "Bob's Contact", visibility: "PRIVATE" }] });
  await must(stranger, PEOPLE, { input: [{ id: n("their-contact"), name: "Their Contact", visibility: "PRIVATE" }] });
});

afterAll(async () => {
  await tg?.gw.driver.executeQuery("MATCH (n) WHERE n.tenantId = $t DETACH DELETE n", { t: stranger.tenantId });
  await tg?.stop();
});

describe("(b) an object a fact creates takes the fact's visibility", () => {
  it("a private fact's new Skill, Org, Place and Topic are private to the asserting agent: another agent of the tenant reads none of their names", async () => {
    const subject = n("secret-contact");
    const created = await assertFacts(alice, [
      fact(subject, "HAS_SKILL", n("Zig")),
      fact(subject, "WORKS_AT", n("Hidden Corp")),
      fact(subject, "LIVES_IN", n("Hidden Town")),
      fact(subject, "TALKS_ABOUT", n("Hidden Topic")),
    ]);
    expect(created.created).toHaveLength(4);
    for (const label of ["Skill", "Org", "Place", "Topic"] as const) {
      const name = n({ Skill: "Zig", Org: "Hidden Corp", Place: "Hidden Town", Topic: "Hidden Topic" }[label]);
      expect(await stored(label, name), label).toEqual([{ tenantId: tg.tenant, ownerId: alice.agentId, visibility: "PRIVATE", sharedWith: [], facts: 1 }]);
    }

    // Bob, an agent of the same tenant: not through the generated queries, nor the people tools.
    expect(await skillsSeenBy(bob, "Zig")).toEqual([]);
    expect((await must(bob, ORGS, { names: [n("Hidden Corp")] })).orgs).toEqual([]);
    expect((await must(bob, PLACES, { names: [n("Hidden Town")] })).places).toEqual([]);
    expect((await must(bob, TOPICS, { names: [n("Hidden Topic")] })).topics).toEqual([]);
    expect((await must(bob, BY_SKILL, { skill: n("Zig") })).peopleBySkill.people).toEqual([]);
    expect((await must(bob, PROFILE, { id: subject })).personProfile).toEqual({ found: false, facts: [] });

    // The owner still reads all of it, through the same doors.
    expect(await skillsSeenBy(alice, "Zig")).toEqual([{ name: n("Zig"), visibility: "PRIVATE", ownerId: alice.agentId, sharedWith: [] }]);
    expect((await must(alice, BY_SKILL, { skill: n("Zig") })).peopleBySkill.people).toEqual([{ personId: subject }]);
    const profile = (await must(alice, PROFILE, { id: subject })).personProfile;
    expect(profile.facts.map((f: { object: string }) => f.object).sort()).toEqual([n("Hidden Corp"), n("Hidden Topic"), n("Hidden Town"), n("Zig")].sort());
  });

  it("another agent naming the same thing in its own private fact gets a node of its own: nothing attaches to, merges with or reveals alice's", async () => {
    const result = await assertFacts(bob, [fact(n("bobs-contact"), "HAS_SKILL", n("Zig"))]);
    expect(result.created).toHaveLength(1);
    expect(await stored("Skill", n("Zig"))).toEqual([
      { tenantId: tg.tenant, ownerId: alice.agentId, visibility: "PRIVATE", sharedWith: [], facts: 1 },
      { tenantId: tg.tenant, ownerId: bob.agentId, visibility: "PRIVATE", sharedWith: [], facts: 1 },
    ]);
    expect(await skillsSeenBy(bob, "Zig")).toEqual([{ name: n("Zig"), visibility: "PRIVATE", ownerId: bob.agentId, sharedWith: [] }]);
    expect(await skillsSeenBy(alice, "Zig")).toEqual([{ name: n("Zig"), visibility: "PRIVATE", ownerId: alice.agentId, sharedWith: [] }]);
  });

  it("a private fact shared with an agent creates an object that agent reads, and no third agent does", async () => {
    const subject = n("shared-with-bob");
    await assertFacts(alice, [fact(subject, "HAS_SKILL", n("Elm"))]);
    expect(await stored("Skill", n("Elm"))).toEqual([{ tenantId: tg.tenant, ownerId: alice.agentId, visibility: "PRIVATE", sharedWith: [bob.agentId], facts: 1 }]);
    expect((await must(bob, PROFILE, { id: subject })).personProfile.facts).toEqual([{ type: "HAS_SKILL", object: n("Elm") }]);
    expect((await must(bob, BY_SKILL, { skill: n("Elm") })).peopleBySkill.people).toEqual([{ personId: subject }]);
    expect(await skillsSeenBy(carol, "Elm")).toEqual([]);
    expect((await must(carol, BY_SKILL, { skill: n("Elm") })).peopleBySkill.people).toEqual([]);
  });

  it("an admin's fact about an agent's private person creates an object that agent reads: the fact's readers, not the admin alone", async () => {
    const subject = n("secret-contact");
    await assertFacts(admin, [fact(subject, "HAS_SKILL", n("Audit"))]);
    expect(await stored("Skill", n("Audit"))).toEqual([{ tenantId: tg.tenant, ownerId: admin.agentId, visibility: "PRIVATE", sharedWith: [alice.agentId], facts: 1 }]);
    expect((await must(alice, PROFILE, { id: subject })).personProfile.facts).toContainEqual({ type: "HAS_SKILL", object: n("Audit") });
    expect(await skillsSeenBy(bob, "Audit")).toEqual([]);
  });

  it("a private fact reuses a SHARED object of that name rather than making a private copy", async () => {
    await assertFacts(alice, [fact(n("colleague"), "HAS_SKILL", n("Rust"))]);
    expect(await stored("Skill", n("Rust"))).toEqual([{ tenantId: tg.tenant, ownerId: alice.agentId, visibility: "SHARED", sharedWith: [], facts: 1 }]);
    await assertFacts(alice, [fact(n("secret-contact"), "HAS_SKILL", n("rust"))]);
    await assertFacts(bob, [fact(n("bobs-contact"), "HAS_SKILL", n("RUST"))]);
    expect(await stored("Skill", n("Rust"))).toEqual([{ tenantId: tg.tenant, ownerId: alice.agentId, visibility: "SHARED", sharedWith: [], facts: 3 }]);
    // Bob reads the shared skill and his own contact's fact, never alice's private one.
    expect((await must(bob, BY_SKILL, { skill: n("Rust") })).peopleBySkill.people.map((p: { personId: string }) => p.personId).sort()).toEqual([n("bobs-contact"), n("colleague")].sort());
  });

  it("a SHARED fact naming an object that exists only privately gets a SHARED twin; the private node is left as it was", async () => {
    // Alice's private Zig (first test) stays private; the colleague's fact needs a Zig everyone reads.
    await assertFacts(alice, [fact(n("colleague"), "HAS_SKILL", n("Zig"))]);
    expect(await stored("Skill", n("Zig"))).toEqual([
      { tenantId: tg.tenant, ownerId: alice.agentId, visibility: "PRIVATE", sharedWith: [], facts: 1 },
      { tenantId: tg.tenant, ownerId: bob.agentId, visibility: "PRIVATE", sharedWith: [], facts: 1 },
      { tenantId: tg.tenant, ownerId: alice.agentId, visibility: "SHARED", sharedWith: [], facts: 1 },
    ]);
    // Carol reads the shared twin and the colleague's fact, and still no private person behind the name.
    expect(await skillsSeenBy(carol, "Zig")).toEqual([{ name: n("Zig"), visibility: "SHARED", ownerId: alice.agentId, sharedWith: [] }]);
    expect((await must(carol, BY_SKILL, { skill: n("Zig") })).peopleBySkill.people).toEqual([{ personId: n("colleague") }]);
    // Asserted again, the private fact keeps to the private node it was first made with: merged, not duplicated.
    const again = await assertFacts(alice, [fact(n("secret-contact"), "HAS_SKILL", n("zig"))]);
    expect({ created: again.created, merged: again.merged.length }).toEqual({ created: [], merged: 1 });
    expect((await stored("Skill", n("Zig"))).map((s) => s.facts)).toEqual([1, 1, 1]);
    // Alice reads both of her Zigs' people.
    expect((await must(alice, BY_SKILL, { skill: n("Zig") })).peopleBySkill.people.map((p: { personId: string }) => p.personId).sort()).toEqual([n("colleague"), n("secret-contact")].sort());
  });

  it("one call naming a new object in a SHARED and a PRIVATE fact creates one SHARED node for both", async () => {
    await assertFacts(alice, [fact(n("secret-contact"), "HAS_SKILL", n("Gleam")), fact(n("colleague"), "HAS_SKILL", n("Gleam"))]);
    expect(await stored("Skill", n("Gleam"))).toEqual([{ tenantId: tg.tenant, ownerId: alice.agentId, visibility: "SHARED", sharedWith: [], facts: 2 }]);
  });

  it("a SHARED fact may not name a private object by its id: BAD_USER_INPUT naming the object, and nothing is written", async () => {
    await assertFacts(alice, [fact(n("secret-contact"), "HAS_SKILL", n("Nim"))]);
    const { records } = await tg.gw.driver.executeQuery("MATCH (s:Skill {name: $name}) RETURN s.id AS id", { name: n("Nim") });
    const privateId = records[0]!.get("id") as string;
    const res = await tg.as(alice, ASSERT, { facts: [fact(n("colleague"), "HAS_SKILL", n("Gleam")), fact(n("colleague"), "HAS_SKILL", privateId)] });
    expect(res.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^assertFacts\.facts\[1\]\.object: the Skill ".*" is not readable by every agent that reads facts about this person/),
      extensions: { code: "BAD_USER_INPUT", field: "assertFacts.facts[1].object" },
    });
    expect(await stored("Skill", n("Nim"))).toEqual([{ tenantId: tg.tenant, ownerId: alice.agentId, visibility: "PRIVATE", sharedWith: [], facts: 1 }]);
    expect(await stored("Skill", privateId)).toEqual([]);
    expect(await stored("Skill", n("Gleam"))).toMatchObject([{ facts: 2 }]);
    // The same id in a fact about her private contact is fine: that fact's readers read the object.
    const again = await assertFacts(alice, [fact(n("secret-contact"), "HAS_SKILL", privateId)]);
    expect(again.merged).toEqual([expect.objectContaining({ object: n("Nim") })]);
  });

  it("bob cannot probe alice's private object by its id: an id he cannot read is just a name, and makes a node of his own", async () => {
    const { records } = await tg.gw.driver.executeQuery("MATCH (s:Skill {name: $name}) RETURN s.id AS id", { name: n("Nim") });
    const privateId = records[0]!.get("id") as string;
    const result = await assertFacts(bob, [fact(n("bobs-contact"), "HAS_SKILL", privateId)]);
    expect(result.created[0]).toMatchObject({ object: privateId });
    expect(result.created[0].objectId).not.toBe(privateId);
    expect(await stored("Skill", n("Nim"))).toEqual([{ tenantId: tg.tenant, ownerId: alice.agentId, visibility: "PRIVATE", sharedWith: [], facts: 1 }]);
  });

  it("another tenant's fact with the same names stays in its tenant: its nodes are its own, and it reads none of this tenant's", async () => {
    await assertFacts(stranger, [fact(n("their-contact"), "HAS_SKILL", n("Rust")), fact(n("their-contact"), "HAS_SKILL", n("Zig"))]);
    const rust = await stored("Skill", n("Rust"));
    expect(rust.filter((r) => r.tenantId === stranger.tenantId)).toEqual([{ tenantId: stranger.tenantId, ownerId: stranger.agentId, visibility: "PRIVATE", sharedWith: [], facts: 1 }]);
    expect(rust.find((r) => r.tenantId === tg.tenant)).toMatchObject({ visibility: "SHARED", facts: 3 });
    // An admin there, with alice's very agent id, sees only its own tenant's nodes.
    expect((await skillsSeenBy(stranger, "Rust", "Zig", "Elm", "Audit")).map((s) => s.name).sort()).toEqual([n("Rust"), n("Zig")]);
    expect((await must(stranger, BY_SKILL, { skill: n("Zig") })).peopleBySkill.people).toEqual([{ personId: n("their-contact") }]);
  });
});

describe("(a) raw Cypher: a tenant's caller reads only its tenant (scoped), the operator every tenant", () => {
  const ACROSS = "MATCH (s:Skill) WHERE s.name = $name RETURN s.tenantId AS tenant, s.visibility AS visibility ORDER BY tenant, visibility";
  const params = () => JSON.stringify({ name: n("Zig") });

  it("a tenant's admin reads its own tenant's nodes only, private ones included; an agent only what the READ rule lets it", async () => {
    const seen = async (caller: Caller) => (await must(caller, CYPHER, { query: ACROSS, params: params() })).cypherQuery.rows.map((r: string) => JSON.parse(r));
    expect(await seen(admin)).toEqual([
      { tenant: tg.tenant, visibility: "PRIVATE" },
      { tenant: tg.tenant, visibility: "PRIVATE" },
      { tenant: tg.tenant, visibility: "SHARED" },
    ]);
    // The other tenant's admin, with alice's very agent id: its own tenant's node, none of this one's.
    expect(await seen(stranger)).toEqual([{ tenant: stranger.tenantId, visibility: "PRIVATE" }]);
    for (const agent of [alice, bob, carol]) {
      const rows = await seen(agent);
      expect(rows.every((r: { tenant: string }) => r.tenant === tg.tenant)).toBe(true);
      expect(rows.length).toBeLessThanOrEqual(3);
      expect(rows).toContainEqual({ tenant: tg.tenant, visibility: "SHARED" });
    }
  });

  it("the operator's read-only Cypher sees both tenants' nodes, unscoped; and it still cannot write", async () => {
    const rows = (await must(operator, CYPHER, { query: ACROSS, params: params() })).cypherQuery.rows.map((r: string) => JSON.parse(r));
    expect(rows).toEqual([
      { tenant: tg.tenant, visibility: "PRIVATE" },
      { tenant: tg.tenant, visibility: "PRIVATE" },
      { tenant: tg.tenant, visibility: "SHARED" },
      { tenant: stranger.tenantId, visibility: "PRIVATE" },
    ]);
    const write = await tg.as(operator, CYPHER, { query: "MATCH (s:Skill) WHERE s.name = $name SET s.visibility = 'SHARED'", params: params() });
    expect(write.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", refusal: "WRITE" });
    expect((await stored("Skill", n("Zig"))).filter((s) => s.visibility === "PRIVATE")).toHaveLength(3);
  });
});
