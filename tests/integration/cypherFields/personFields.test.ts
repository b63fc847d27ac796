/**
 * The @cypher fields of Person (schema/people.graphql) against the real Neo4j:
 * what each returns, that a fact whose other end the caller may not read is
 * not returned (the READ rule written into the statement), and that their
 * arguments are checked like any other (BAD_USER_INPUT naming Type.field.argument).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { isCurrent, isValidAt, type FactRow } from "../../../src/facts/index.js";
import { okAs } from "../../support/gql.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

let tg: TokenGateway;
let owner: Caller;
let other: Caller;
let admin: Caller;
let stranger: Caller;
const person = (suffix: string) => `p-${suffix}-${tg.tenant}`;

const FACT = "id type subjectId objectId objectName objectLabel confidence validFrom validUntil startDate endDate role";

const data = (caller: Caller, query: string, variables: Record<string, unknown> = {}) => okAs<Record<string, any>>(tg, caller, query, variables);

const readPerson = (caller: Caller, selection: string, id = person("ada")) =>
  data(caller, `query ($id: ID!) { people(where: { id: { eq: $id } }) { id ${selection} } }`, { id }).then((d) => d.people as Record<string, any>[]);

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "cyfields" });
  owner = tg.caller("owner");
  other = tg.caller("other");
  admin = tg.caller("admin", ["agent", "admin"]);
  stranger = { ...admin, tenantId: `${tg.tenant}-elsewhere` };
  // Ada (SHARED) works at Acme (SHARED) and at Hidden (PRIVATE to the owner), worked at Oldco, has two skills (one PRIVATE).
  await data(
    owner,
    `mutation ($ada: ID!, $bob: ID!) { createPeople(input: [
      { id: $bob, name: "Bob" },
      { id: $ada, name: "Ada",
        worksAt: { create: [
          { node: { name: "Acme" }, edge: { confidence: 0.9, role: "engineer", validFrom: "2021-02-01T00:00:00Z" } },
          { node: { name: "Hidden Ltd", visibility: PRIVATE }, edge: { confidence: 0.95, role: "advisor", startDate: "2022" } },
          { node: { name: "Endedco" }, edge: { confidence: 0.5, startDate: "2019", endDate: "2020-06" } }
        ] },
        previously: { create: [{ node: { name: "Oldco" }, edge: { confidence: 0.8, validFrom: "2015-01-01T00:00:00Z", validUntil: "2019-01-01T00:00:00Z" } }] },
        hasSkill: { create: [
          { node: { name: "Rust" }, edge: { confidence: 0.9 } },
          { node: { name: "Cobol" }, edge: { confidence: 0.4 } },
          { node: { name: "Secret skill", visibility: PRIVATE }, edge: { confidence: 0.99 } }
        ] },
        closeTo: { connect: [{ where: { node: { id: { eq: $bob } } }, edge: { confidence: 0.7, basis: "collaborate weekly" } }] }
      }]) { people { id } } }`,
    { ada: person("ada"), bob: person("bob") },
  );
});

afterAll(async () => {
  await tg?.stop();
});

describe("Person.currentEmployment", () => {
  it("returns the current WORKS_AT facts, most confident first, to the owner (ended ones left out)", async () => {
    const [ada] = await readPerson(owner, `currentEmployment { ${FACT} }`);
    expect(ada!.currentEmployment.map((f: any) => [f.objectName, f.role])).toEqual([["Hidden Ltd", "advisor"], ["Acme", "engineer"]]);
    expect(ada!.currentEmployment[1]).toMatchObject({ type: "WORKS_AT", subjectId: person("ada"), objectLabel: "Org", validFrom: "2021-02-01T00:00:00.000Z" });
  });

  it("leaves out the organisation another agent may not read, and an admin of the tenant reads it", async () => {
    const [seenByOther] = await readPerson(other, `currentEmployment { objectName }`);
    expect(seenByOther!.currentEmployment).toEqual([{ objectName: "Acme" }]);
    const [seenByAdmin] = await readPerson(admin, `currentEmployment { objectName }`);
    expect(seenByAdmin!.currentEmployment.map((f: any) => f.objectName)).toEqual(["Hidden Ltd", "Acme"]);
  });

  it("gives another tenant nothing, not even the person", async () => {
    expect(await readPerson(stranger, `currentEmployment { objectName }`)).toEqual([]);
  });
});

describe("Person.employmentHistory", () => {
  it("lists WORKS_AT and PREVIOUSLY, and with asOf only what held then", async () => {
    const [all] = await readPerson(owner, `employmentHistory { objectName type }`);
    expect(all!.employmentHistory.map((f: any) => f.objectName).sort()).toEqual(["Acme", "Endedco", "Hidden Ltd", "Oldco"]);
    const [in2016] = await readPerson(owner, `employmentHistory(asOf: "2016-05-01T00:00:00Z") { objectName type }`);
    expect(in2016!.employmentHistory).toEqual([{ objectName: "Oldco", type: "PREVIOUSLY" }]);
    const [in2020] = await readPerson(owner, `employmentHistory(asOf: "2020-03-01T00:00:00Z") { objectName }`);
    expect(in2020!.employmentHistory).toEqual([{ objectName: "Endedco" }]);
    const [late2020] = await readPerson(owner, `employmentHistory(asOf: "2020-07-01T00:00:00Z") { objectName }`);
    expect(late2020!.employmentHistory).toEqual([]);
  });

  it("agrees with isValidAt and isCurrent (facts/factInterval.ts) for every fact and instant", async () => {
    const [ada] = await readPerson(owner, `facts { id type validFrom validUntil startDate endDate createdAt }`);
    const rows = ada!.facts as (FactRow & { id: string })[];
    const instants = ["2014-12-31T23:59:59Z", "2015-01-01T00:00:00Z", "2018-12-31T23:59:59Z", "2019-01-01T00:00:00Z", "2020-06-30T23:59:59Z", "2020-07-01T00:00:00Z", "2021-02-01T00:00:00Z", "2022-01-01T00:00:00Z"];
    for (const at of instants) {
      const [held] = await readPerson(owner, `facts(asOf: $at) { id }`.replace("$at", JSON.stringify(at)));
      const expected = rows.filter((r) => isValidAt(r, new Date(at))).map((r) => r.id).sort();
      expect(held!.facts.map((f: any) => f.id).sort(), `facts held at ${at}`).toEqual(expected);
    }
    const [current] = await readPerson(owner, `currentEmployment { id }`);
    const expectedCurrent = rows.filter((r) => r.type === "WORKS_AT" && isCurrent(r, new Date())).map((r) => r.id).sort();
    expect(current!.currentEmployment.map((f: any) => f.id).sort()).toEqual(expectedCurrent);
  });
});

describe("Person.skills", () => {
  it("keeps skills at or above minConfidence, most confident first, and hides the private skill from another agent", async () => {
    const [mine] = await readPerson(owner, `skills(minConfidence: 0.5) { objectName confidence }`);
    expect(mine!.skills).toEqual([{ objectName: "Secret skill", confidence: 0.99 }, { objectName: "Rust", confidence: 0.9 }]);
    const [theirs] = await readPerson(other, `skills { objectName }`);
    expect(theirs!.skills).toEqual([{ objectName: "Rust" }, { objectName: "Cobol" }]);
  });

  it("refuses minConfidence outside 0..1 with BAD_USER_INPUT naming Person.skills.minConfidence, also through a variable", async () => {
    const res = await tg.as(owner, `query ($m: Float) { people { skills(minConfidence: $m) { id } } }`, { m: 1.5 });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "Person.skills.minConfidence" });
    expect(res.errors?.[0]?.message).toBe("Person.skills.minConfidence must be between 0 and 1, got 1.5");
  });
});

describe("Person.facts", () => {
  it("filters by types and takes only the SDL's fact types (AUTHORED messages are not facts)", async () => {
    const [skillsOnly] = await readPerson(owner, `facts(types: ["HAS_SKILL"]) { type }`);
    expect(skillsOnly!.facts).toHaveLength(3);
    expect(new Set(skillsOnly!.facts.map((f: any) => f.type))).toEqual(new Set(["HAS_SKILL"]));
    const [none] = await readPerson(owner, `facts(types: ["AUTHORED", "NOT_A_TYPE"]) { type }`);
    expect(none!.facts).toEqual([]);
    const [everything] = await readPerson(other, `facts { objectName }`);
    expect(everything!.facts.map((f: any) => f.objectName).sort()).toEqual(["Acme", "Bob", "Cobol", "Endedco", "Oldco", "Rust"]);
  });

  it("refuses more than 20 types (BAD_USER_INPUT naming Person.facts.types)", async () => {
    const res = await tg.as(owner, `query ($t: [String!]) { people { facts(types: $t) { id } } }`, { t: Array.from({ length: 21 }, (_, i) => `T${i}`) });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "Person.facts.types" });
  });
});

describe("Person.relationshipsWith", () => {
  it("returns the facts between two people in either direction", async () => {
    const [ada] = await readPerson(owner, `relationshipsWith(personId: $bob) { type basis subjectId objectId }`.replace("$bob", JSON.stringify(person("bob"))));
    expect(ada!.relationshipsWith).toEqual([{ type: "CLOSE_TO", basis: "collaborate weekly", subjectId: person("ada"), objectId: person("bob") }]);
    const [bob] = await readPerson(owner, `relationshipsWith(personId: $ada) { type subjectId }`.replace("$ada", JSON.stringify(person("ada"))), person("bob"));
    expect(bob!.relationshipsWith).toEqual([{ type: "CLOSE_TO", subjectId: person("ada") }]);
  });

  it("returns nothing about a person the caller may not read", async () => {
    await data(owner, `mutation ($id: ID!) { updatePeople(where: { id: { eq: $id } }, update: { visibility: { set: PRIVATE } }) { people { id } } }`, { id: person("bob") });
    try {
      const [ada] = await readPerson(other, `relationshipsWith(personId: $bob) { type }`.replace("$bob", JSON.stringify(person("bob"))));
      expect(ada!.relationshipsWith).toEqual([]);
      const [forOwner] = await readPerson(owner, `relationshipsWith(personId: $bob) { type }`.replace("$bob", JSON.stringify(person("bob"))));
      expect(forOwner!.relationshipsWith).toEqual([{ type: "CLOSE_TO" }]);
    } finally {
      await data(owner, `mutation ($id: ID!) { updatePeople(where: { id: { eq: $id } }, update: { visibility: { set: SHARED } }) { people { id } } }`, { id: person("bob") });
    }
  });
});
