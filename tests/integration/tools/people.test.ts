import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fails, ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { ASSERT, buildPeopleFixture } from "./peopleFixture.js";

let gw: TestGateway;
const me = uniqueAgent("people-tools");
const id = (name: string) => `${me}-${name}`;
const mine = (people: any[]): any[] => people.filter((p) => p.personId.startsWith(me));

beforeAll(async () => {
  gw = await startTestGateway();
  await buildPeopleFixture(gw, me);
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

const q = (query: string, variables: Record<string, unknown> = {}) => ok(gw, query, variables, me);

describe("the chatbot memory service's people tools on the Google fixture", () => {
  it("personProfile returns Alice's facts with confidence and evidence; an unknown person is found: false", async () => {
    const { personProfile: p } = await q(`query ($id: ID!) { personProfile(personId: $id) { found name realName facts { type object confidence evidence attributes { role location } } } }`, { id: id("alice") });
    expect(p).toMatchObject({ found: true, name: "Alice", realName: "Alice Johnson" });
    expect(p.facts).toContainEqual({ type: "WORKS_AT", object: "Google", confidence: 0.95, evidence: ["msg_001", "msg_002"], attributes: { role: "Software Engineer", location: "San Francisco" } });
    const filtered = await q(`query ($id: ID!) { personProfile(personId: $id, factTypes: ["has_skill"]) { facts { type object attributes { yearsExperience proficiency } } } }`, { id: id("alice") });
    // yearsExperience is stored as a Cypher INTEGER: the profile must give it as a number (the fact row's decoder converts it).
    expect(filtered.personProfile.facts).toEqual([{ type: "HAS_SKILL", object: "Python", attributes: { yearsExperience: 5, proficiency: "expert" } }]);
    const unknown = await q(`{ personProfile(personId: "nobody-here") { found facts { id } } }`);
    expect(unknown.personProfile).toEqual({ found: false, facts: [] });
  });

  it("personSummary groups every fact by type", async () => {
    const { personSummary: s } = await q(`query ($id: ID!) { personSummary(personId: $id) { found factCount groups { type facts { object } } } }`, { id: id("alice") });
    expect(s.found).toBe(true);
    expect(s.groups.map((g: { type: string }) => g.type)).toEqual(["WORKS_AT", "LIVES_IN", "HAS_SKILL", "ATTENDED_EVENT", "CLOSE_TO", "INTERACTED_WITH"]);
    expect(s.factCount).toBe(6);
  });

  it('"Who knows Python?": peopleBySkill matches case-insensitively with proficiency and years', async () => {
    const { peopleBySkill: r } = await q(`{ peopleBySkill(skill: "pYtHoN") { matchedBy people { personId name proficiency yearsExperience confidence evidence } } }`);
    expect(r.matchedBy).toBe("EXACT");
    expect(mine(r.people)).toEqual([{ personId: id("alice"), name: "Alice", proficiency: "expert", yearsExperience: 5, confidence: 0.9, evidence: ["msg_003"] }]);
  });

  it('"Does anyone speak Klingon?": no skill, no topic, no expert, no error', async () => {
    const r = await q(`{
      peopleBySkill(skill: "Klingon") { matchedBy people { personId } }
      peopleByTopic(topic: "Klingon") { people { personId } }
      findExperts(query: "Does anyone speak Klingon?") { experts { personId } }
    }`);
    expect(r.peopleBySkill).toEqual({ matchedBy: "NONE", people: [] });
    expect(mine(r.peopleByTopic.people)).toEqual([]);
    expect(mine(r.findExperts.experts)).toEqual([]);
  });

  it('an exact name failing falls back: a typo fuzzily, "machine learning" by meaning finds ML', async () => {
    const typo = await q(`{ peopleBySkill(skill: "Pyhton") { matchedBy people { personId } } }`);
    expect(typo.peopleBySkill.matchedBy).toBe("FUZZY");
    expect(mine(typo.peopleBySkill.people).map((p) => p.personId)).toEqual([id("alice")]);
    const ml = await q(`{ peopleBySkill(skill: "machine learning") { matchedBy people { personId skill similarity } } }`);
    expect(ml.peopleBySkill.matchedBy).toBe("SEMANTIC");
    expect(mine(ml.peopleBySkill.people)).toEqual([expect.objectContaining({ personId: id("bob"), skill: "ML" })]);
  });

  it('"Anyone work at Google?": current and former employees; currentOnly keeps the current; the alias finds the same org', async () => {
    const all = await q(`{ peopleByOrganization(organization: "google") { people { personId relationshipType role startDate endDate location current } } }`);
    const people = mine(all.peopleByOrganization.people);
    expect(people.map((p) => p.personId).sort()).toEqual([id("alice"), id("charlie"), id("dana")]);
    expect(people.find((p) => p.personId === id("charlie"))).toMatchObject({ relationshipType: "PREVIOUSLY", startDate: "2019", endDate: "2022", location: "Mountain View", current: false });
    const current = await q(`{ peopleByOrganization(organization: "Alphabet", currentOnly: true) { people { personId current } } }`);
    expect(mine(current.peopleByOrganization.people).map((p) => p.personId).sort()).toEqual([id("alice"), id("dana")]);
    const asOf2020 = await q(`{ peopleByOrganization(organization: "Google", asOf: "2020-06-01T00:00:00Z") { people { personId } } }`);
    expect(mine(asOf2020.peopleByOrganization.people).map((p) => p.personId)).toContain(id("charlie"));
  });

  it("an organisation's name found only fuzzily is still read current-first: a typo finds Google's people", async () => {
    const { peopleByOrganization: r } = await q(`{ peopleByOrganization(organization: "Gogle") { matchedBy people { personId current } } }`);
    expect(r.matchedBy).toBe("FUZZY");
    expect(mine(r.people)).toEqual([
      expect.objectContaining({ current: true }),
      expect.objectContaining({ current: true }),
      { personId: id("charlie"), current: false },
    ]);
  });

  it("peopleByTopic aggregates per person with sentiment", async () => {
    const { peopleByTopic: r } = await q(`{ peopleByTopic(topic: "Deep Learning") { people { personId relationshipTypes sentiment confidence } } }`);
    expect(mine(r.people)).toEqual([{ personId: id("bob"), relationshipTypes: ["TALKS_ABOUT"], sentiment: "excited", confidence: 0.7 }]);
  });

  it('peopleByLocation: "SF" finds San Francisco residents and people working there', async () => {
    const { peopleByLocation: r } = await q(`{ peopleByLocation(location: "SF") { searchedNames people { personId relationship location } } }`);
    expect(r.searchedNames).toContain("san francisco");
    expect(mine(r.people)).toEqual(
      expect.arrayContaining([
        { personId: id("alice"), relationship: "lives_in", location: "San Francisco" },
        { personId: id("alice"), relationship: "works_in", location: "San Francisco" },
        { personId: id("dana"), relationship: "works_in", location: "San Francisco" },
      ]),
    );
  });

  it("relationshipsBetween: direct facts, a shared event and the interaction weight", async () => {
    const direct = await q(`query ($a: ID!, $b: ID!) { relationshipsBetween(personAId: $a, personBId: $b) { relationships { type attributes { basis } } sharedContexts { type context } } }`, { a: id("alice"), b: id("charlie") });
    expect(direct.relationshipsBetween.relationships).toEqual([{ type: "CLOSE_TO", attributes: { basis: "collaborate weekly" } }]);
    expect(direct.relationshipsBetween.sharedContexts).toContainEqual({ type: "same_event", context: "PyCon" });
    expect(direct.relationshipsBetween.sharedContexts).toContainEqual({ type: "same_organization", context: "Google" });
    const weight = await q(`query ($a: ID!, $b: ID!) { relationshipsBetween(personAId: $a, personBId: $b) { interactionWeight } }`, { a: id("bob"), b: id("alice") });
    expect(weight.relationshipsBetween.interactionWeight).toBe(12);
  });

  it("peopleConnectedTo: who attended an event a conversation names, by its name in any case, by a typo, and nothing for an unknown name", async () => {
    const QUERY = `query ($name: String!) { peopleConnectedTo(name: $name) { matchedBy matched { name label } people { personId connectedTo label relationshipType evidence facts { type object } } } }`;
    const exact = (await q(QUERY, { name: "pycon" })).peopleConnectedTo;
    expect(exact.matchedBy).toBe("EXACT");
    expect(exact.matched).toContainEqual({ name: "PyCon", label: "Event" });
    expect(mine(exact.people).map((p) => p.personId).sort()).toEqual([id("alice"), id("charlie")]);
    expect(mine(exact.people).find((p) => p.personId === id("alice"))).toMatchObject({ connectedTo: "PyCon", label: "Event", relationshipType: "ATTENDED_EVENT", evidence: ["msg_600"], facts: [{ type: "ATTENDED_EVENT", object: "PyCon" }] });
    const typo = (await q(QUERY, { name: "PyConn" })).peopleConnectedTo;
    expect(typo.matchedBy).toBe("FUZZY");
    expect(mine(typo.people).map((p) => p.personId).sort()).toEqual([id("alice"), id("charlie")]);
    // Google is an organisation, not a project or event: find_people_by_organization's, not this tool's.
    expect((await q(QUERY, { name: "Google" })).peopleConnectedTo).toMatchObject({ matchedBy: "NONE", matched: [], people: [] });
  });

  it("personTimeline sorts by start and filters by date range", async () => {
    const { personTimeline: t } = await q(`query ($id: ID!) { personTimeline(personId: $id) { timeline { type object start end } } }`, { id: id("charlie") });
    expect(t.timeline[0]).toEqual({ type: "PREVIOUSLY", object: "Google", start: "2019", end: "2022" });
    const later = await q(`query ($id: ID!) { personTimeline(personId: $id, startDate: "2023") { timeline { type } } }`, { id: id("charlie") });
    expect(later.personTimeline.timeline.map((e: { type: string }) => e.type)).not.toContain("PREVIOUSLY");
  });

  it("conversationParticipants: names with message index; 'my brother' resolved through RELATED_TO", async () => {
    const { conversationParticipants: r } = await q(
      `query ($m: [ConversationMessageInput!]!) { conversationParticipants(messages: $m) { explicitMentions { name personId mentionedInMessage } implicitReferences { reference mentionedInMessage possibleMatches { personId confidence reason } } } }`,
      {
        m: [
          { authorId: id("alice"), authorName: "Alice", content: "Hey, I'm thinking about applying to Google" },
          { authorId: id("bob"), authorName: "Bob", content: "Oh nice! Didn't Charlie work there? My brother would know." },
        ],
      },
    );
    expect(r.explicitMentions).toContainEqual({ name: "Charlie", personId: id("charlie"), mentionedInMessage: 1 });
    expect(r.implicitReferences).toHaveLength(1);
    expect(r.implicitReferences[0]).toMatchObject({ reference: "My brother", mentionedInMessage: 1 });
    expect(r.implicitReferences[0].possibleMatches[0]).toMatchObject({ personId: id("charlie"), confidence: 0.9 });
  });

  it("findExperts ranks Alice first for Python; semanticSearchFacts finds facts by meaning above the threshold", async () => {
    const { findExperts: e } = await q(`{ findExperts(query: "Who can help me debug a Python script?") { experts { personId relevanceScore relevantFacts { type description } } } }`);
    const ranked = mine(e.experts);
    expect(ranked[0].personId).toBe(id("alice"));
    expect(ranked[0].relevantFacts[0].description).toContain("HAS_SKILL Python");
    const { semanticSearchFacts: s } = await q(`{ semanticSearchFacts(query: "Who knows Python?", similarityThreshold: 0.6, limit: 5) { results { similarityScore fact { personId type object } } } }`);
    const hits = s.results.filter((h: any) => h.fact.personId.startsWith(me));
    expect(hits[0].fact).toEqual({ personId: id("alice"), type: "HAS_SKILL", object: "Python" });
    expect(hits.every((h: any) => h.similarityScore >= 0.6)).toBe(true);
    const typed = await q(`{ semanticSearchFacts(query: "Python", factTypes: ["WORKS_AT"], similarityThreshold: 0.3) { results { fact { type } } } }`);
    expect(typed.semanticSearchFacts.results.every((h: any) => h.fact.type === "WORKS_AT")).toBe(true);
  });
});

describe("bad arguments are BAD_USER_INPUT naming the field", () => {
  const cases: [string, string, string][] = [
    ["empty skill", `{ peopleBySkill(skill: "  ") { skill } }`, "peopleBySkill.skill"],
    ["limit 0", `{ peopleBySkill(skill: "x", limit: 0) { skill } }`, "peopleBySkill.limit"],
    ["limit 101", `{ findExperts(query: "x", limit: 101) { query } }`, "findExperts.limit"],
    ["confidence 1.5", `{ peopleByOrganization(organization: "x", minConfidence: 1.5) { organization } }`, "peopleByOrganization.minConfidence"],
    ["unknown fact type", `{ personProfile(personId: "x", factTypes: ["LOVES"]) { found } }`, "personProfile.factTypes[0]"],
    ["text over 500", `{ peopleByLocation(location: "${"x".repeat(501)}") { location } }`, "peopleByLocation.location"],
    ["threshold -1", `{ semanticSearchFacts(query: "x", similarityThreshold: -1) { query } }`, "semanticSearchFacts.similarityThreshold"],
    ["bad timeline date", `{ personTimeline(personId: "x", startDate: "soon") { found } }`, "personTimeline.startDate"],
    ["no messages", `{ conversationParticipants(messages: []) { explicitMentions { name } } }`, "conversationParticipants.messages"],
  ];
  for (const [what, query, field] of cases) {
    it(what, async () => {
      const err = await fails(gw, query, {}, me);
      expect({ code: err.code, field: err.field }).toEqual({ code: "BAD_USER_INPUT", field });
      expect(err.message).toContain(field);
    });
  }

  it("Lucene syntax in a name is searched as text, not as a query", async () => {
    // Unescaped, `*:*` would match every entity and `(` would be a syntax error.
    const r = await q(`{ peopleBySkill(skill: "*:* OR (zz~ AND \\"q") { matchedBy people { personId } } }`);
    expect(r.peopleBySkill.matchedBy).not.toBe("FUZZY");
    expect(mine(r.peopleBySkill.people)).toEqual([]);
  });
});

describe("exact name matching through the full-text index", () => {
  // Last in the file: these facts join the fixture.
  it("finds names with Lucene syntax or punctuation exactly: C++ is not C, and a name without a word is still found", async () => {
    const skill = (who: string, object: string) => ({ subject: id(who), relation: "HAS_SKILL", object, confidence: 0.9, evidence: ["msg_exact"], attributes: {} });
    await q(ASSERT, { facts: [skill("alice", "C++"), skill("bob", "C"), skill("dana", "+++"), skill("charlie", 'Say "hi" (OR) bye')] });
    const find = async (name: string) => {
      const { peopleBySkill: r } = await q(`query ($s: String!) { peopleBySkill(skill: $s) { matchedBy people { personId skill } } }`, { s: name });
      return { matchedBy: r.matchedBy, people: mine(r.people) };
    };
    expect(await find("c++")).toEqual({ matchedBy: "EXACT", people: [{ personId: id("alice"), skill: "C++" }] });
    expect(await find("C")).toEqual({ matchedBy: "EXACT", people: [{ personId: id("bob"), skill: "C" }] });
    expect(await find("+++")).toEqual({ matchedBy: "EXACT", people: [{ personId: id("dana"), skill: "+++" }] });
    expect(await find('SAY "hi" (or) BYE')).toEqual({ matchedBy: "EXACT", people: [{ personId: id("charlie"), skill: 'Say "hi" (OR) bye' }] });
  });
});

describe("peopleByOrganization reads a few facts per person wanted, and all of them when that is not enough", () => {
  it("ranks WORKS_AT facts with an unusual past end date below a former employee's stronger fact, as reading every fact would", async () => {
    const org = `Initech ${me}`;
    const staff = Array.from({ length: 12 }, (_, i) => ({ id: id(`initech-${i}`), name: `Initech ${i}` }));
    await q(`mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`, { input: staff });
    await q(ASSERT, { facts: [{ subject: id("dana"), relation: "PREVIOUSLY", object: org, confidence: 0.99, evidence: ["m"], attributes: { startDate: "2015", endDate: "2018" } }] });
    // Twelve WORKS_AT facts that ended "March 2020", as generated CRUD can leave them (assertFacts would make them PREVIOUSLY):
    // not a partial date, so Cypher cannot tell they ended and orders them first; isCurrent can.
    await gw.driver.executeQuery(
      `MATCH (o:Org {name: $org}) UNWIND $ids AS pid MATCH (p:Person {id: pid})
       CREATE (p)-[:WORKS_AT {confidence: 0.8, evidence: ['m'], endDate: 'March 2020', createdAt: datetime()}]->(o)`,
      { org, ids: staff.map((p) => p.id) },
    );
    const { peopleByOrganization: r } = await q(`query ($o: String!) { peopleByOrganization(organization: $o, limit: 2) { people { personId current confidence } } }`, { o: org });
    // Nobody is current, so the most confident fact comes first: Dana's, which the first ten current-first rows do not hold.
    expect(r.people).toHaveLength(2);
    expect(r.people[0]).toEqual({ personId: id("dana"), current: false, confidence: 0.99 });
    expect(r.people[1]).toMatchObject({ current: false, confidence: 0.8 });
  });
});
