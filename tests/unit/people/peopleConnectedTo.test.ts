import { describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import type { FactRow } from "../../../src/facts/index.js";
import { CONNECTED_LABELS, connectedPeople, peopleConnectedToStatement } from "../../../src/people/peopleConnectedTo.js";

const agent: Caller = { tenantId: "t1", agentId: "chatbot", roles: ["agent"] };
const types = ["WORKING_ON", "ATTENDED_EVENT", "WORKS_AT"];

const row = (personId: string, type: string, object: string, confidence: number, evidence: string[]): FactRow => ({
  id: `${personId}-${type}-${object}`, elementId: "5:x:1", type, personId, personName: personId.toUpperCase(), personKey: `4:x:${personId}`,
  object, objectId: object.toLowerCase(), objectKey: `4:x:${object}`, objectLabel: type === "ATTENDED_EVENT" ? "Event" : "Project",
  role: null, location: null, startDate: null, endDate: null, proficiency: null, yearsExperience: null, sentiment: null, basis: null, weight: null, extra: null,
  confidence, evidence, validFrom: null, validUntil: null, createdAt: null, contradicts: [], hasFactId: true, source: null, retractedAt: null, retractedBy: null, retractReason: null,
});

describe("peopleConnectedToStatement: the statement behind find_people_connected_to", () => {
  it("looks projects and events up in the full-text name index, in the caller's tenant and visibility, with every value a parameter", () => {
    const { cypher, params } = peopleConnectedToStatement(agent, { name: "PyCon 2024", types, minConfidence: 0.5 });
    expect(cypher).toContain("db.index.fulltext.queryNodes('entity_names', lucene)");
    expect(cypher).toContain("o.tenantId = $callerTenant");
    expect(cypher).toContain("p.tenantId = $callerTenant");
    // No label is scanned: projects and events come from the index, people from the facts pointing at them.
    expect(cypher).not.toMatch(/MATCH \(o:/);
    expect(params).toMatchObject({ callerTenant: "t1", callerAgent: "chatbot", callerIsAdmin: false, names: ["pycon 2024"], labels: CONNECTED_LABELS, types, minConfidence: 0.5 });
    // Within one edit only from five letters (fuzzyLucene): "2024" is matched as typed or as a prefix.
    expect(params.lucene).toBe("+(pycon pycon* pycon~1) +(2024 2024*)");
  });

  it("an injection attempt stays inside the parameters, Lucene syntax escaped", () => {
    const name = "x') DETACH DELETE n //";
    const { cypher, params } = peopleConnectedToStatement(agent, { name, types, minConfidence: 0.5 });
    expect(cypher).not.toContain("DETACH");
    expect(params.names).toEqual([name.toLowerCase()]);
    expect(String(params.lucene)).toContain("x'\\)");
  });

  it("a name with no letter or digit looks nothing up (an empty Lucene query)", () => {
    expect(peopleConnectedToStatement(agent, { name: "?!", types, minConfidence: 0.5 }).params.lucene).toBe("");
  });
});

describe("connectedPeople", () => {
  it("one entry per person, strongest tie first, every fact that ties them with united evidence, cut to the limit", () => {
    const rows = [
      row("bob", "WORKING_ON", "Apollo", 0.9, ["m1"]),
      row("cat", "ATTENDED_EVENT", "Apollo Review", 0.85, ["m2"]),
      row("bob", "ATTENDED_EVENT", "Apollo Review", 0.6, ["m3", "m1"]),
      row("dan", "WORKING_ON", "Apollo", 0.55, ["m4"]),
    ];
    const people = connectedPeople(rows, new Date("2026-01-01T00:00:00Z"), 2);
    expect(people.map((p) => p.personId)).toEqual(["bob", "cat"]);
    expect(people[0]).toMatchObject({
      name: "BOB", connectedTo: "Apollo", label: "Project", relationshipType: "WORKING_ON",
      relationshipTypes: ["WORKING_ON", "ATTENDED_EVENT"], confidence: 0.9, evidence: ["m1", "m3"],
    });
    expect(people[0]!.facts.map((f) => f.object)).toEqual(["Apollo", "Apollo Review"]);
  });
});
