import { getIntrospectionQuery, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { defaultLimits } from "../../../src/config/config.js";
import { checkOperation, operationCheck, type OperationLimits } from "../../../src/server/limits/operationLimits.js";
import { schemaForLimits as schema } from "./schemaForLimits.js";

const generous: OperationLimits = { maxDepth: 100, maxCost: 100_000, maxAliases: 100, maxTokens: 100_000, maxDirectives: 100 };

function refusals(source: string, limits: Partial<OperationLimits>, variables?: Record<string, unknown>): string[] {
  const errors = checkOperation({ schema, source, variables }, { ...generous, ...limits });
  for (const error of errors) expect(error.extensions.code).toBe("BAD_USER_INPUT");
  return errors.map((e) => e.message);
}

describe("checkOperation: depth", () => {
  const fourDeep = "{ agents { friends { friends { id } } } }";

  it("lets an operation as deep as the limit through", () => {
    expect(refusals(fourDeep, { maxDepth: 4 })).toEqual([]);
  });

  it("refuses one level deeper, naming the limit and the depth found", () => {
    expect(refusals(fourDeep, { maxDepth: 3 })).toEqual(["Query depth limit of 3 exceeded, found 4."]);
  });

  it("counts fields, not fragments: the same selection spelled with fragments is as deep", () => {
    const withFragments = "{ agents { ...A } } fragment A on Agent { friends { ... on Agent { friends { id } } } }";
    expect(refusals(withFragments, { maxDepth: 4 })).toEqual([]);
    expect(refusals(withFragments, { maxDepth: 3 })).toEqual(["Query depth limit of 3 exceeded, found 4."]);
  });
});

describe("checkOperation: aliases", () => {
  const threeAliases = "{ a: agents { id } b: agents { id } c: agents { n: name } }";

  it("lets as many aliases as the limit through", () => {
    expect(refusals(threeAliases, { maxAliases: 4 })).toEqual([]);
  });

  it("refuses one more alias", () => {
    expect(refusals(threeAliases, { maxAliases: 3 })).toEqual(["Aliases limit of 3 exceeded, found 4."]);
  });

  it("counts aliases hidden in fragments", () => {
    const hidden = "{ a: agents { ...F } b: agents { ...F } } fragment F on Agent { x: id y: id }";
    expect(refusals(hidden, { maxAliases: 5 })).toEqual(["Aliases limit of 5 exceeded, found 6."]);
  });
});

describe("checkOperation: directives", () => {
  const three = "{ agents @include(if: true) { id @skip(if: false) name @include(if: true) } }";

  it("lets as many directives as the limit through", () => {
    expect(refusals(three, { maxDirectives: 3 })).toEqual([]);
  });

  it("refuses one more directive", () => {
    expect(refusals(three, { maxDirectives: 2 })).toEqual(["Directives limit of 2 exceeded, found 3."]);
  });
});

describe("checkOperation: tokens", () => {
  const sixTokens = "{ agents { id } }";

  it("lets a document of as many tokens as the limit through", () => {
    expect(refusals(sixTokens, { maxTokens: 6 })).toEqual([]);
  });

  it("stops parsing past the limit, with graphql's own message", () => {
    // graphql-js's wording, typo included; Apollo gives HTTP clients the same one.
    expect(refusals(sixTokens, { maxTokens: 5 })).toEqual(["Syntax Error: Document contains more that 5 tokens. Parsing aborted."]);
  });

  it("reports a syntax error as bad input rather than throwing", () => {
    expect(refusals("{ agents { id }", {})).toEqual([expect.stringMatching(/^Syntax Error: Expected Name, found <EOF>/)]);
  });
});

describe("checkOperation: cost", () => {
  // agents 1 + (id 1 + name 1 + memories (1 + id 1)) = 5
  const costsFive = "{ agents { id name memories { id } } }";

  it("lets an operation that costs the limit through", () => {
    expect(refusals(costsFive, { maxCost: 5 })).toEqual([]);
  });

  it("refuses an operation that costs more, naming the limit and the cost", () => {
    expect(refusals(costsFive, { maxCost: 4 })).toEqual(["Query cost limit of 4 exceeded, found 5."]);
  });

  it("costs only the operation the request names", () => {
    const two = `query Small { agents { id } } query Big ${costsFive}`;
    const document = parse(two);
    const limits = { ...generous, maxCost: 4 };
    expect(checkOperation({ schema, document, operationName: "Small" }, limits)).toEqual([]);
    expect(checkOperation({ schema, document, operationName: "Big" }, limits)).toHaveLength(1);
  });

  it("does not count fields a variable skips", () => {
    const source = "query($all: Boolean!) { agents { id name @include(if: $all) memories @include(if: $all) { id } } }";
    expect(refusals(source, { maxCost: 2 }, { all: false })).toEqual([]);
    expect(refusals(source, { maxCost: 2 }, { all: true })).toEqual(["Query cost limit of 2 exceeded, found 5."]);
  });

  it("refuses fragments that expand beyond counting, without walking them all", () => {
    // 2^30 selections in under 300 tokens: each fragment spreads the next one twice.
    const levels = 30;
    const fragments = Array.from({ length: levels }, (_, i) =>
      i === levels - 1 ? `fragment F${i} on Agent { id }` : `fragment F${i} on Agent { ...F${i + 1} ...F${i + 1} }`,
    );
    const bomb = `{ agents { ...F0 } } ${fragments.join(" ")}`;
    expect(refusals(bomb, { maxCost: 5000 })).toEqual([
      "Query cost limit of 5000 exceeded: fragments expand to more than 10000 selections.",
    ]);
  });

  it("estimates cost only for a document within the structural limits", () => {
    expect(refusals(costsFive, { maxCost: 1, maxDepth: 2 })).toEqual(["Query depth limit of 2 exceeded, found 3."]);
  });
});

describe("operationCheck: one check, many requests", () => {
  it("gives a repeated document the same structural verdict, and still costs it with each request's variables", () => {
    const check = operationCheck({ ...generous, maxDepth: 3, maxCost: 2 });
    const deep = parse("{ agents { memories { agent { id } } } }");
    const first = check({ schema, document: deep }).map((e) => e.message);
    expect(first).toEqual(["Query depth limit of 3 exceeded, found 4."]);
    expect(check({ schema, document: deep }).map((e) => e.message)).toEqual(first);

    const optional = parse("query($all: Boolean!) { agents { id name @include(if: $all) memories @include(if: $all) { id } } }");
    expect(check({ schema, document: optional, variables: { all: false } })).toEqual([]);
    expect(check({ schema, document: optional, variables: { all: true } }).map((e) => e.message)).toEqual(["Query cost limit of 2 exceeded, found 5."]);
    expect(check({ schema, document: optional, variables: { all: false } })).toEqual([]);
  });

  it("does not take a cost counted with variables that did not coerce (0) as the document's fixed cost", () => {
    const check = operationCheck({ ...generous, maxCost: 4 });
    // agent 1 + id 1 + name 1 + memories (1 + id 1) = 5, whatever $id is.
    const document = parse("query($id: ID!) { agent(id: $id) { id name memories { id } } }");
    expect(check({ schema, document, variables: {} })).toEqual([]); // $id missing: the executor refuses it
    expect(check({ schema, document, variables: { id: "a" } }).map((e) => e.message)).toEqual(["Query cost limit of 4 exceeded, found 5."]);
  });

  it("checks each operation of a fixed-cost document by name", () => {
    const check = operationCheck({ ...generous, maxCost: 4 });
    const document = parse("query Small { agents { id } } query Big { agents { id name memories { id } } }");
    expect(check({ schema, document, operationName: "Small" })).toEqual([]);
    expect(check({ schema, document, operationName: "Big" })).toHaveLength(1);
    expect(check({ schema, document, operationName: "Small" })).toEqual([]);
  });
});

describe("checkOperation with the default limits", () => {
  it("lets the explorers' full introspection query through", () => {
    const source = getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, inputValueDeprecation: true });
    expect(checkOperation({ schema, source }, defaultLimits("production"))).toEqual([]);
  });
});

describe("variables nesting", () => {
  it("measures depth without recursion, and refuses variables nested beyond the limit", async () => {
    const { nestsDeeperThan, MAX_VARIABLES_DEPTH } = await import("../../../src/server/limits/variablesDepth.js");
    let deep: Record<string, unknown> = { id: { eq: "x" } };
    for (let i = 0; i < 100_000; i++) deep = { NOT: deep };
    expect(nestsDeeperThan(deep, MAX_VARIABLES_DEPTH)).toBe(true);
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(nestsDeeperThan("text", 0)).toBe(false);
  });
});
