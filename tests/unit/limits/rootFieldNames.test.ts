import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { MAX_COUNTED_ROOT_FIELDS, rootFieldNames } from "../../../src/server/limits/rootFieldNames.js";

const names = (source: string, operationName?: string) => rootFieldNames(parse(source), operationName);

describe("rootFieldNames", () => {
  it("lists the root fields of the operation, once per use", () => {
    expect(names("{ agents { id } retrieveContext(query: \"x\") { id } }")).toEqual(["agents", "retrieveContext"]);
    expect(names("{ a: retrieveContext(query: \"x\") { id } b: retrieveContext(query: \"y\") { id } }")).toEqual([
      "retrieveContext",
      "retrieveContext",
    ]);
  });

  it("finds root fields behind fragments and inline fragments, not fields nested below them", () => {
    const source = `
      query { ...Root ... on Query { agents { memories { id } } } }
      fragment Root on Query { retrieveContext(query: "x") { id } ...More }
      fragment More on Query { r2: retrieveContext(query: "y") { id } }`;
    expect(names(source)).toEqual(["retrieveContext", "retrieveContext", "agents"]);
  });

  it("reads the operation the request names, and nothing when none matches", () => {
    const source = "query A { agents { id } } mutation B { forget(id: 1) }";
    expect(names(source, "B")).toEqual(["forget"]);
    expect(names(source, "C")).toEqual([]);
    expect(names(source)).toEqual([]); // two operations and no name: nothing runs
  });

  it("does not loop on fragments that spread each other", () => {
    const source = "{ ...A } fragment A on Query { agents { id } ...B } fragment B on Query { ...A }";
    expect(names(source)).toEqual(["agents"]);
  });

  it("stops counting at the cap when fragments multiply", () => {
    const levels = 30;
    const fragments = Array.from({ length: levels }, (_, i) =>
      i === levels - 1 ? `fragment F${i} on Query { agents { id } }` : `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`,
    );
    expect(names(`{ ...F0 } ${fragments.join(" ")}`)).toHaveLength(MAX_COUNTED_ROOT_FIELDS);
  });
});
