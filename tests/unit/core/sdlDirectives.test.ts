import { Kind, parse, type ObjectTypeDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { directiveName, directiveValue, hasDirective } from "../../../src/core/sdlDirectives.js";

const type = parse(`
  type Person @node {
    employer: [Org!]! @relationship(type: "WORKS_AT", direction: OUT, properties: "Fact")
    score: Float @constraint(min: 0, max: 1.5)
    tags: [String!] @custom(values: ["a", "b"])
    plain: String
  }
`).definitions.find((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION)!;
const field = (name: string) => type.fields!.find((f) => f.name.value === name)!;

describe("reading directives off the SDL", () => {
  it("sees a directive on a type and on a field, and its absence", () => {
    expect(hasDirective(type, "node")).toBe(true);
    expect(hasDirective(field("employer"), "relationship")).toBe(true);
    expect(hasDirective(field("plain"), "relationship")).toBe(false);
  });

  it("reads string and enum arguments as names, and nothing for other kinds or absent ones", () => {
    expect(directiveName(field("employer"), "relationship", "type")).toBe("WORKS_AT");
    expect(directiveName(field("employer"), "relationship", "direction")).toBe("OUT");
    expect(directiveName(field("employer"), "relationship", "queryDirection")).toBeUndefined();
    expect(directiveName(field("score"), "constraint", "min")).toBeUndefined();
    expect(directiveName(field("plain"), "relationship", "type")).toBeUndefined();
  });

  it("reads any argument as a plain value", () => {
    expect(directiveValue(field("score"), "constraint", "max")).toBe(1.5);
    expect(directiveValue(field("tags"), "custom", "values")).toEqual(["a", "b"]);
    expect(directiveValue(field("score"), "constraint", "step")).toBeUndefined();
  });
});
