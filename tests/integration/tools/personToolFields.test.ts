/**
 * The person tools that are @cypher fields (personProfile, personSummary,
 * personTimeline, personFacts, relationshipsBetween in
 * schema/people-tools.graphql) held to the TypeScript rules the other people
 * tools still use: every FactRecord field is what toFactRecord makes of the
 * same relationship (facts/factRecord.ts, written into the statements as
 * `factRecord(r, $now)`), `asOf` keeps what isValidAt keeps, and a timeline
 * keeps and orders what factInterval, partialDate and timelineKey say. The
 * fixture has every kind of date the rules read: instants, partial dates of
 * one and two digits, a month past December, padding, an open PREVIOUSLY, a
 * fact that starts later, a retraction.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_TENANT } from "../../../src/core/caller.js";
import { FACT_ROW, factInterval, factRowOf, isValidAt, partialDate, timelineKey, toFactRecord, type FactRecord, type FactRow } from "../../../src/facts/index.js";
import { rowOf } from "../../../src/graph/row.js";
import { fails, ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

let gw: TestGateway;
const me = uniqueAgent("person-tool-fields");
const id = (name: string) => `${me}-${name}`;

const FACT = `{ id type personId personName object objectId objectLabel attributes { role location startDate endDate proficiency yearsExperience sentiment basis weight extra }
  confidence evidence validFrom validUntil start end current contradicts timestamp source retraction { reason at by } }`;
const TIMELINE_TYPES = ["WORKS_AT", "PREVIOUSLY", "STUDIED_AT", "WORKING_ON", "ATTENDED_EVENT", "LIVES_IN"];

beforeAll(async () => {
  gw = await startTestGateway();
  const owned = `tenantId: $tenant, ownerId: $me, sharedWith: [], visibility: 'SHARED'`;
  await gw.driver.executeQuery(
    `CREATE (p:Person {${owned}, id: $me + '-pat', name: 'Pat', realName: 'Patricia Q', aliases: ['PQ']})
     CREATE (q:Person {${owned}, id: $me + '-quinn', name: 'Quinn', aliases: []})
     CREATE (acme:Org {${owned}, id: $me + '-acme', name: 'acme'})
     CREATE (bolt:Org {${owned}, id: $me + '-bolt', name: 'bolt'})
     CREATE (ended:Org {${owned}, id: $me + '-ended', name: 'ended'})
     CREATE (old:Org {${owned}, id: $me + '-old', name: 'old'})
     CREATE (vague:Org {${owned}, id: $me + '-vague', name: 'vague'})
     CREATE (uni:Org {${owned}, id: $me + '-uni', name: 'uni'})
     CREATE (later:Org {${owned}, id: $me + '-later', name: 'later'})
     CREATE (lisbon:Place {${owned}, id: $me + '-lisbon', name: 'lisbon'})
     CREATE (rust:Skill {${owned}, id: $me + '-rust', name: 'rust'})
     CREATE (go:Skill {${owned}, id: $me + '-go', name: 'go'})
     CREATE (chess:Topic {${owned}, id: $me + '-chess', name: 'chess'})
     CREATE (conf:Event {${owned}, id: $me + '-conf', name: 'conf'})
     CREATE (atlas:Project {${owned}, id: $me + '-atlas', name: 'atlas'})
     CREATE (p)-[:WORKS_AT {factId: $me + '-f1', confidence: 0.9, evidence: ['m1', 'm2'], role: 'engineer', location: 'Lisbon', validFrom: datetime('2021-02-01T00:00:00Z'), createdAt: datetime('2021-03-01T10:00:00.123456789Z'), source: 'assertFacts'}]->(acme)
     CREATE (p)-[:WORKS_AT {factId: $me + '-f2', confidence: 0.95, evidence: ['m3'], startDate: '2022', createdAt: datetime('2022-05-01T00:00:00Z')}]->(bolt)
     CREATE (p)-[:WORKS_AT {factId: $me + '-f3', confidence: 0.5, evidence: [], startDate: '2019', endDate: '2020-06', createdAt: datetime('2020-07-01T00:00:00Z')}]->(ended)
     CREATE (p)-[:PREVIOUSLY {factId: $me + '-f4', confidence: 0.8, evidence: ['m4'], validFrom: datetime('2015-01-01T00:00:00Z'), validUntil: datetime('2019-01-01T00:00:00Z'), createdAt: datetime('2019-02-01T00:00:00Z')}]->(old)
     CREATE (p)-[:PREVIOUSLY {factId: $me + '-f5', confidence: 0.6, evidence: ['m5'], createdAt: datetime('2018-06-15T12:00:00Z')}]->(vague)
     CREATE (p)-[:STUDIED_AT {factId: $me + '-f6', confidence: 0.7, evidence: [], startDate: '2010-9', endDate: '2014-6', createdAt: datetime('2015-01-01T00:00:00Z')}]->(uni)
     CREATE (p)-[:LIVES_IN {factId: $me + '-f7', confidence: 0.85, evidence: ['m6'], startDate: ' 2018-03-14 ', endDate: '2030-13', createdAt: datetime('2018-04-01T00:00:00Z')}]->(lisbon)
     CREATE (p)-[:HAS_SKILL {factId: $me + '-f8', confidence: 0.9, evidence: ['m7'], yearsExperience: 5, proficiency: 'expert', createdAt: datetime('2020-01-01T00:00:00Z')}]->(rust)
     CREATE (p)-[:HAS_SKILL {confidence: 0.9, evidence: ['m8'], createdAt: datetime('2020-01-02T00:00:00Z'), contradicts: [$me + '-f8']}]->(go)
     CREATE (p)-[:TALKS_ABOUT {factId: $me + '-f10', confidence: 0.4, evidence: ['m9'], sentiment: 'excited', createdAt: datetime('2023-01-01T00:00:00Z')}]->(chess)
     CREATE (p)-[:CLOSE_TO {factId: $me + '-f11', confidence: 0.75, evidence: ['m10'], basis: 'collaborate weekly', createdAt: datetime('2023-01-01T00:00:00Z')}]->(q)
     CREATE (p)-[:INTERACTED_WITH {factId: $me + '-f12', confidence: 0.7, evidence: [], weight: 12, createdAt: datetime('2023-01-01T00:00:00Z')}]->(q)
     CREATE (q)-[:INTERACTED_WITH {factId: $me + '-f13', confidence: 0.7, evidence: [], weight: 2.5, createdAt: datetime('2023-01-01T00:00:00Z')}]->(p)
     CREATE (p)-[:ATTENDED_EVENT {factId: $me + '-f14', confidence: 0.8, evidence: ['m11'], startDate: '2023-09-12', createdAt: datetime('2023-10-01T00:00:00Z')}]->(conf)
     CREATE (q)-[:ATTENDED_EVENT {factId: $me + '-f15', confidence: 0.65, evidence: ['m12'], startDate: '2023-09', createdAt: datetime('2023-10-01T00:00:00Z')}]->(conf)
     CREATE (p)-[:WORKING_ON {factId: $me + '-f16', confidence: 0.88, evidence: ['m13'], attributes: '{"team":"core"}', validFrom: datetime('2024-01-01T00:00:00+02:00'), createdAt: datetime('2024-01-02T00:00:00Z'), contradicts: [$me + '-f2']}]->(atlas)
     CREATE (p)-[:HAS_SKILL {factId: $me + '-f18', confidence: 0.0, evidence: ['m14'], createdAt: datetime('2020-01-03T00:00:00Z'), validUntil: datetime('2024-06-01T00:00:00Z'), retractedAt: datetime('2024-06-01T00:00:00Z'), retractReason: 'wrong', retractedBy: $me}]->(go)
     CREATE (p)-[:WORKS_AT {factId: $me + '-f19', confidence: 0.55, evidence: [], validFrom: datetime('2099-01-01T00:00:00Z'), createdAt: datetime('2024-01-01T00:00:00Z')}]->(later)`,
    { me, tenant: LOCAL_TENANT },
  );
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

const q = (query: string, variables: Record<string, unknown> = {}) => ok(gw, query, variables, me);

/** Pat's facts as the TypeScript tools read them: FACT_ROW, decoded. */
async function rows(): Promise<FactRow[]> {
  const { records } = await gw.driver.executeQuery(`MATCH (p:Person {tenantId: $tenant, id: $id})-[r]->(o) RETURN ${FACT_ROW} AS fact`, { tenant: LOCAL_TENANT, id: id("pat") });
  return records.map((r) => factRowOf(rowOf(r).row("fact")));
}

/** A FactRecord as GraphQL serializes it: its DateTime fields as ISO-8601 with milliseconds. */
function served(f: FactRecord): FactRecord {
  const iso = (t: string | null) => (t === null ? null : new Date(t).toISOString());
  return { ...f, validFrom: iso(f.validFrom), validUntil: iso(f.validUntil), timestamp: iso(f.timestamp), retraction: f.retraction && { ...f.retraction, at: iso(f.retraction.at)! } };
}

const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
const ids = (facts: { id: string }[]) => facts.map((f) => f.id);

describe("the person tools' facts are toFactRecord's", () => {
  it("every field of every fact personProfile returns, current by the gateway's clock", async () => {
    const { personProfile: p } = await q(`query ($id: ID!) { personProfile(personId: $id) { personId found name realName aliases facts ${FACT} } }`, { id: id("pat") });
    const expected = (await rows()).map((r) => served(toFactRecord(r, new Date())));
    expect(p).toMatchObject({ personId: id("pat"), found: true, name: "Pat", realName: "Patricia Q", aliases: ["PQ"] });
    expect(p.facts).toHaveLength(16);
    expect([...p.facts].sort(byId)).toEqual(expected.sort(byId));
  });

  it("current facts first, then the most confident", async () => {
    const { personProfile: p } = await q(`query ($id: ID!) { personProfile(personId: $id) { facts { current confidence } } }`, { id: id("pat") });
    const keys = p.facts.map((f: { current: boolean; confidence: number }) => [f.current ? 1 : 0, f.confidence]);
    expect(keys).toEqual([...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
    expect(keys.filter(([c]: number[]) => c === 1).length).toBeGreaterThan(0);
  });

  it("asOf keeps what isValidAt keeps, at each bound and at an instant given with an offset", async () => {
    const all = await rows();
    const instants = [
      "2014-06-30T23:59:59Z", "2014-07-01T00:00:00Z", "2014-12-31T23:59:59Z", "2015-01-01T00:00:00Z", "2018-06-15T11:59:59Z",
      "2018-06-15T12:00:00Z", "2018-12-31T23:59:59.999Z", "2019-01-01T00:00:00Z", "2020-06-30T23:59:59Z", "2020-07-01T01:00:00+02:00",
      "2020-07-01T00:00:00Z", "2023-12-31T22:00:00Z", "2023-12-31T21:59:59-00:01", "2031-01-31T23:59:59Z", "2031-02-01T00:00:00Z",
    ];
    for (const at of instants) {
      const { personProfile: p } = await q(`query ($id: ID!, $at: DateTime) { personProfile(personId: $id, asOf: $at) { facts { id } } }`, { id: id("pat"), at });
      expect(ids(p.facts).sort(), `held at ${at}`).toEqual(all.filter((r) => isValidAt(r, new Date(at))).map((r) => r.id).sort());
    }
  });
});

describe("personTimeline", () => {
  /** What the timeline keeps of `rows` for a range, in its order: overlap by factInterval, sorted by timelineKey. */
  const expectedTimeline = (all: FactRow[], types: string[], startDate: string | null, endDate: string | null) => {
    const lo = partialDate(startDate, "start");
    const hi = partialDate(endDate, "end");
    return all
      .filter((r) => types.includes(r.type))
      .filter((r) => {
        const { from, until } = factInterval(r);
        return (lo === null || until === null || until > lo) && (hi === null || from === null || from < hi);
      })
      .sort((a, b) => timelineKey(a) - timelineKey(b))
      .map((r) => r.id);
  };

  it("keeps the facts overlapping each range and orders them by start, then by when they were recorded", async () => {
    const all = await rows();
    const ranges: [string | null, string | null][] = [[null, null], ["2019", null], [null, "2020-06"], ["2019", "2020"], ["2019-3", null], ["2020-06-30T12:00:00Z", null], [null, "2015"], ["2023-09-12", "2023-09-12"], [" 2021 ", null], ["2030-13", null], ["March 2019", "2022"]];
    for (const [startDate, endDate] of ranges) {
      const { personTimeline: t } = await q(`query ($id: ID!, $s: String, $e: String) { personTimeline(personId: $id, startDate: $s, endDate: $e) { found name timeline { id } } }`, { id: id("pat"), s: startDate, e: endDate });
      expect(ids(t.timeline), `${startDate}..${endDate}`).toEqual(expectedTimeline(all, TIMELINE_TYPES, startDate, endDate));
    }
  });

  it("takes the fact types asked for, in any case, and asOf", async () => {
    const all = await rows();
    const { personTimeline: t } = await q(`query ($id: ID!) { personTimeline(personId: $id, factTypes: ["has_skill", "Previously"], asOf: "2018-01-01T00:00:00Z") { timeline { id } } }`, { id: id("pat") });
    const at = new Date("2018-01-01T00:00:00Z");
    expect(ids(t.timeline)).toEqual(expectedTimeline(all.filter((r) => isValidAt(r, at)), ["HAS_SKILL", "PREVIOUSLY"], null, null));
  });
});

describe("personSummary", () => {
  it("groups the facts by type in the order Person declares them, current first in each group, and lists the contradicting ones", async () => {
    const { personSummary: s } = await q(`query ($id: ID!) { personSummary(personId: $id) { found factCount groups { type facts { id current confidence } } contradictions { id } } }`, { id: id("pat") });
    const all = (await rows()).map((r) => toFactRecord(r, new Date()));
    expect(s.factCount).toBe(all.length);
    expect(s.groups.map((g: { type: string }) => g.type)).toEqual(["WORKS_AT", "PREVIOUSLY", "STUDIED_AT", "LIVES_IN", "HAS_SKILL", "TALKS_ABOUT", "WORKING_ON", "ATTENDED_EVENT", "CLOSE_TO", "INTERACTED_WITH"]);
    for (const g of s.groups as { type: string; facts: { id: string; current: boolean; confidence: number }[] }[]) {
      expect(ids(g.facts).sort()).toEqual(all.filter((f) => f.type === g.type).map((f) => f.id).sort());
      const keys = g.facts.map((f) => [f.current ? 1 : 0, f.confidence]);
      expect(keys).toEqual([...keys].sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]!));
    }
    expect(ids(s.contradictions).sort()).toEqual(all.filter((f) => f.contradicts.length > 0).map((f) => f.id).sort());
  });
});

describe("relationshipsBetween", () => {
  it("sums the interaction weights of both directions, stored as an integer or a float, and names what both connect to", async () => {
    const { relationshipsBetween: r } = await q(`query ($a: ID!, $b: ID!) { relationshipsBetween(personAId: $a, personBId: $b) { relationships { id type attributes { weight } } sharedContexts { type context contextId factA { id } factB { id } } interactionWeight } }`, { a: id("pat"), b: id("quinn") });
    expect(r.interactionWeight).toBe(14.5);
    expect(r.relationships.map((f: { type: string }) => f.type).sort()).toEqual(["CLOSE_TO", "INTERACTED_WITH", "INTERACTED_WITH"]);
    expect(r.relationships.find((f: { id: string }) => f.id === id("f12")).attributes.weight).toBe(12);
    expect(r.sharedContexts).toEqual([{ type: "same_event", context: "conf", contextId: id("conf"), factA: { id: id("f14") }, factB: { id: id("f15") } }]);
  });

  it("gives nothing for a person that is not there, and the ids as asked for, trimmed", async () => {
    const { relationshipsBetween: r } = await q(`query ($a: ID!) { relationshipsBetween(personAId: $a, personBId: "nobody") { personAId personBId relationships { id } sharedContexts { type } interactionWeight } }`, { a: ` ${id("pat")} ` });
    expect(r).toEqual({ personAId: id("pat"), personBId: "nobody", relationships: [], sharedContexts: [], interactionWeight: 0 });
  });
});

describe("bad arguments are BAD_USER_INPUT naming the argument, before the statement runs", () => {
  const cases: [string, string, string, string][] = [
    ["a fact type the schema lacks", `{ personFacts(personId: "x", factTypes: ["WORKS_AT", "LOVES"]) { found } }`, "personFacts.factTypes[1]", 'must be one of WORKS_AT'],
    ["more fact types than the schema has", `{ personProfile(personId: "x", factTypes: [${Array(14).fill('"WORKS_AT"').join(", ")}]) { found } }`, "personProfile.factTypes", "has at most 13 items, got 14"],
    ["an empty person id", `{ personSummary(personId: " ") { found } }`, "personSummary.personId", "must not be empty"],
    ["a person id over 128 characters", `{ relationshipsBetween(personAId: "a", personBId: "${"b".repeat(129)}") { interactionWeight } }`, "relationshipsBetween.personBId", "is at most 128 characters long, got 129"],
    ["an end date that is no date", `{ personTimeline(personId: "x", endDate: "soon") { found } }`, "personTimeline.endDate", "must be a date: 2019, 2019-03 or 2019-03-14"],
    ["the fact types checked before the dates", `{ personTimeline(personId: "x", factTypes: ["NOPE"], startDate: "soon") { found } }`, "personTimeline.factTypes[0]", "must be one of"],
    ["a start date over 40 characters", `{ personTimeline(personId: "x", startDate: "${"2".repeat(41)}") { found } }`, "personTimeline.startDate", "is at most 40 characters long, got 41"],
  ];
  for (const [what, query, field, message] of cases) {
    it(what, async () => {
      const err = await fails(gw, query, {}, me);
      expect({ code: err.code, field: err.field }).toEqual({ code: "BAD_USER_INPUT", field });
      expect(err.message).toContain(field);
      expect(err.message).toContain(message);
    });
  }
});
