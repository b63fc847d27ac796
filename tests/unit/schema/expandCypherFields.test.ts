import { Kind, parse, print, type ObjectTypeDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { VISIBLE_TO_JWT } from "../../../src/auth/policy.js";
import { expandCypherFields } from "../../../src/schema/expandCypherFields.js";

const SDL = `
  interface Owned { tenantId: String! }
  interface Knowledge { id: ID! seenBy: [Agent!]! @cypher(columnName: "a", statement: "MATCH (a:Agent)-[:SAW]->(this) WHERE visibleToCaller(a) RETURN a") }
  type Agent implements Owned @node { id: ID! tenantId: String! }
  type Person @node {
    id: ID!
    worksAt: [Org!]! @relationship(type: "WORKS_AT", direction: OUT, properties: "Fact")
    hasSkill: [Org!]! @relationship(type: "HAS_SKILL", direction: OUT, properties: "Fact")
    facts(asOf: DateTime): [String!]! @cypher(columnName: "f", statement: "MATCH (this)-[r]->(o) WHERE type(r) IN FACT_TYPES AND visibleToCaller(o) AND factHeldAt(r, $asOf) AND factCurrent(r) RETURN personFact(r) AS f")
  }
  type Org @node { id: ID! }
  type Query {
    timeline(from: DateTime, until: DateTime): [String!]! @cypher(columnName: "f", statement: "MATCH (:Person)-[ra]->(o) WHERE factEndsAfter(ra, $from) AND factStartsBefore(ra, $until) WITH ra ORDER BY factTimelineKey(ra) RETURN factRecord(ra, $now) AS f")
  }
  type Concept implements Knowledge @node { id: ID! }
`;

const statementOf = (doc: ReturnType<typeof parse>, type: string, field: string) => {
  const def = doc.definitions.find((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION && d.name.value === type)!;
  const directive = def.fields!.find((f) => f.name.value === field)!.directives!.find((d) => d.name.value === "cypher")!;
  const arg = directive.arguments!.find((a) => a.name.value === "statement")!;
  return arg.value.kind === Kind.STRING ? arg.value.value : "";
};

describe("expandCypherFields", () => {
  const expanded = expandCypherFields(parse(SDL));

  it("writes the READ rule over the named variable, from the same grants as the @authorization filters", () => {
    const statement = statementOf(expanded, "Person", "facts");
    expect(statement).toContain(VISIBLE_TO_JWT.replace(/\bn\./g, "o."));
    expect(statement).toContain("o.tenantId = $jwt.tenant");
    expect(statement).toContain("$jwt.sub IN coalesce(o.sharedWith, [])");
    expect(statement).not.toMatch(/visibleToCaller|personFact|factHeldAt|factCurrent|FACT_TYPES/);
  });

  it("writes the SDL's fact types, the fact map and the validity rules", () => {
    const statement = statementOf(expanded, "Person", "facts");
    expect(statement).toContain("type(r) IN ['WORKS_AT', 'HAS_SKILL']");
    expect(statement).toContain("datetime($asOf)");
    expect(statement).toContain("subjectId: startNode(r).id");
  });

  it("writes the FactRecord map and the timeline's rules over any relationship variable, instants compared in epoch ms", () => {
    const statement = statementOf(expanded, "Query", "timeline");
    expect(statement).not.toMatch(/factEndsAfter|factStartsBefore|factTimelineKey|factRecord\(/);
    expect(statement).toContain("datetime($from).epochMillis");
    expect(statement).toContain("datetime($until).epochMillis");
    expect(statement).toContain("current: (type(ra) <> 'PREVIOUSLY' AND coalesce(datetime($now).epochMillis < ");
    expect(statement).toContain("personId: startNode(ra).id");
    expect(statement).not.toMatch(/\br\./);
  });

  it("gives every implementation the @cypher fields its interface declares, and leaves the interface the field without the statement", () => {
    expect(statementOf(expanded, "Concept", "seenBy")).toContain("a.tenantId = $jwt.tenant");
    const printed = print(expanded);
    expect(printed).toMatch(/interface Knowledge \{\s+id: ID!\s+seenBy: \[Agent!\]!\s+\}/);
  });

  it("writes a discovery field's statement with the knowledge item map, and fails the build on a discovery field it does not know", () => {
    const ok = expandCypherFields(parse(`type Query { unseen: [String!]! @cypher(columnName: "item", statement: "knowledgeDiscovery(unseenKnowledge)") }`));
    const statement = statementOf(ok, "Query", "unseen");
    expect(statement).toContain("n.tenantId = $jwt.tenant");
    expect(statement).toMatch(/RETURN n \{ \.id, \.ownerId/);
    expect(statement).not.toMatch(/visibleToCaller|knowledgeItem|knowledgeDiscovery/);
    expect(() => expandCypherFields(parse(`type Query { x: [String!]! @cypher(columnName: "i", statement: "knowledgeDiscovery(memoryQuery)") }`))).toThrow(/no discovery field/);
  });
});
