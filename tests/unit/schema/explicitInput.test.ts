import { parse, type FieldNode, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { givenPerItem } from "../../../src/schema/explicitInput.js";

const infoOf = (query: string) => {
  const op = parse(query).definitions[0] as OperationDefinitionNode;
  return { fieldNodes: [op.selectionSet.selections[0] as FieldNode] };
};

describe("givenPerItem: which items of a create's input the client gave a field itself", () => {
  it("reads inline objects", () => {
    const info = infoOf(`mutation { createResearch(input: [{ topic: "a", visibility: PRIVATE }, { topic: "b" }]) { info { nodesCreated } } }`);
    expect(givenPerItem(info, "input", "visibility", {}, 2)).toEqual([true, false]);
  });

  it("reads the variables as sent, for a whole list or one item of it", () => {
    const whole = infoOf(`mutation ($in: [ResearchCreateInput!]!) { createResearch(input: $in) { info { nodesCreated } } }`);
    expect(givenPerItem(whole, "input", "visibility", { in: [{ topic: "a" }, { topic: "b", visibility: "PRIVATE" }] }, 2)).toEqual([false, true]);
    const item = infoOf(`mutation ($one: ResearchCreateInput!) { createResearch(input: [$one, { topic: "x" }]) { info { nodesCreated } } }`);
    expect(givenPerItem(item, "input", "visibility", { one: { topic: "a", visibility: "SHARED" } }, 2)).toEqual([true, false]);
  });

  it("counts an item as given when it cannot tell (no variables kept, as over WebSocket)", () => {
    const whole = infoOf(`mutation ($in: [ResearchCreateInput!]!) { createResearch(input: $in) { info { nodesCreated } } }`);
    expect(givenPerItem(whole, "input", "visibility", undefined, 2)).toEqual([true, true]);
  });
});
