import { parse, validate, type GraphQLSchema } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { loadGeneratedSchema } from "../../../scripts/generatedSchema.js";
import { defaultLimits } from "../../../src/config/config.js";
import { costDependsOnVariables, operationCost } from "../../../src/server/limits/operationCost.js";
import { checkOperation } from "../../../src/server/limits/operationLimits.js";

// The schema the gateway serves, built without a database: proves the cost
// limit reads the estimators @neo4j/graphql puts on its generated list fields
// (`childComplexity × (limit ?? first ?? 1) + 1`).
let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await loadGeneratedSchema();
}, 30_000);

const cost = (source: string, variables?: Record<string, unknown>) => operationCost({ schema, document: parse(source), variables });

describe("cost on the generated schema", () => {
  it("counts each nested relationship", () => {
    expect(cost("{ agents { id } }")).toBe(2);
    expect(cost("{ agents { memories { relatedAgents { memories { id } } } } }")).toBe(5);
  });

  it("multiplies a list's children by its limit", () => {
    expect(cost("{ agents(limit: 10) { id } }")).toBe(11);
    expect(cost("{ agents(limit: 100) { id name } }")).toBe(201);
    expect(cost("{ agents(limit: 10) { memories(limit: 10) { id } } }")).toBe(111);
  });

  it("multiplies a connection's children by first", () => {
    expect(cost("{ agentsConnection(first: 10) { edges { node { id } } } }")).toBe(31);
  });

  it("reads the limit from the request's variables", () => {
    const source = "query($n: Int) { agents(limit: $n) { id } }";
    expect(cost(source)).toBe(2);
    expect(cost(source, { n: 1000 })).toBe(1001);
  });

  it("knows which variables can change a cost: a list's limit can, a custom field's input cannot", () => {
    const depends = (source: string) => {
      const document = parse(source);
      expect(validate(schema, document)).toEqual([]);
      return costDependsOnVariables(schema, document);
    };
    expect(depends("query($n: Int) { agents(limit: $n) { id } }")).toBe(true);
    expect(depends("query($o: [AgentSort!]) { agents(limit: 5, sort: $o) { id } }")).toBe(true);
    expect(depends("query($n: Int) { agentsConnection(first: $n) { edges { node { id } } } }")).toBe(true);
    expect(depends("mutation($input: RetrieveContextInput!) { retrieveContext(input: $input) { facts } }")).toBe(false);
    expect(depends("query($q: String!) { agents(limit: 5) { id } searchMemories(input: { query: $q }) { tookMs } }")).toBe(false);
  });

  it("refuses nested limits that multiply past the default cost limit", () => {
    const source = "{ agents(limit: 10) { memories(limit: 10) { relatedAgents(limit: 10) { memories(limit: 10) { id } } } } }";
    expect(checkOperation({ schema, source }, defaultLimits("production")).map((e) => e.message)).toEqual([
      "Query cost limit of 5000 exceeded, found 11111.",
    ]);
  });

  it("lets an ordinary read through the default limits", () => {
    const source = "{ agents(limit: 50) { id name memories(limit: 20) { id content tags } } }";
    expect(checkOperation({ schema, source }, defaultLimits("production"))).toEqual([]);
  });
});
