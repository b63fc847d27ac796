import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { checkValue, DEFAULT_MAX_ITEMS, DEFAULT_MAX_STRING, extractRules } from "../../src/schema/inputRules.js";

describe("extractRules", () => {
  it("reads @constraint arguments of object type fields", () => {
    const rules = extractRules(
      parse(`
        type Memory @node {
          importance: Float! @constraint(min: 0, max: 1)
          content: String! @constraint(minLength: 1, maxLength: 20)
          id: ID! @constraint(pattern: "^[a-z]+$")
          plain: String
        }`),
    );
    const memory = rules.get("Memory")!;
    expect(memory.get("importance")).toEqual({ min: 0, max: 1 });
    expect(memory.get("content")).toEqual({ minLength: 1, maxLength: 20 });
    expect(memory.get("id")?.pattern?.test("abc")).toBe(true);
    expect(memory.has("plain")).toBe(false);
  });

  it("reads @constraint on the arguments of a field under Type.field, apart from the type's own fields", () => {
    const rules = extractRules(parse(`type Agent @node { id: ID! recentMemories(limit: Int = 10 @constraint(min: 1, max: 100), types: [String!]): [String!]! }`));
    expect(rules.get("Agent.recentMemories")).toEqual(new Map([["limit", { min: 1, max: 100 }]]));
    expect(rules.has("Agent")).toBe(false);
  });
});

describe("checkValue", () => {
  it("accepts values inside the rule and null", () => {
    expect(checkValue("Memory.importance", 0.5, { min: 0, max: 1 })).toBeNull();
    expect(checkValue("Memory.importance", null, { min: 0, max: 1 })).toBeNull();
    expect(checkValue("Memory.importance", 0, { min: 0, max: 1 })).toBeNull();
    expect(checkValue("Memory.importance", 1, { min: 0, max: 1 })).toBeNull();
  });

  it("names the field and the limit when a number is out of range", () => {
    expect(checkValue("Memory.importance", 1.5, { min: 0, max: 1 })).toBe(
      "Memory.importance must be between 0 and 1, got 1.5",
    );
    expect(checkValue("Turn.number", -1, { min: 0 })).toBe("Turn.number must be at least 0, got -1");
    expect(checkValue("X.y", Number.NaN, undefined)).toBe("X.y must be a finite number");
    expect(checkValue("X.y", Number.POSITIVE_INFINITY, undefined)).toBe("X.y must be a finite number");
  });

  it("rejects empty and whitespace-only text where a minimum length is set", () => {
    expect(checkValue("Memory.content", "", { minLength: 1 })).toBe("Memory.content must not be empty");
    expect(checkValue("Memory.content", "   ", { minLength: 1 })).toBe("Memory.content must not be empty");
  });

  it("caps strings and lists without a rule at the defaults", () => {
    expect(checkValue("X.s", "a".repeat(DEFAULT_MAX_STRING), undefined)).toBeNull();
    expect(checkValue("X.s", "a".repeat(DEFAULT_MAX_STRING + 1), undefined)).toMatch(/at most 20000 characters/);
    expect(checkValue("X.l", new Array(DEFAULT_MAX_ITEMS + 1).fill("a"), undefined)).toMatch(/at most 1000 items/);
  });

  it("checks each list item against the rule", () => {
    expect(checkValue("Memory.tags", ["ok", "x".repeat(101)], { maxItems: 50, maxLength: 100 })).toMatch(
      /Memory.tags is at most 100 characters long, got 101/,
    );
    expect(checkValue("Memory.tags", new Array(51).fill("t"), { maxItems: 50 })).toBe(
      "Memory.tags takes at most 50 items, got 51",
    );
  });

  it("refuses control characters other than tab, line feed and carriage return", () => {
    expect(checkValue("Memory.content", "line one\n\tline two\r\n", undefined)).toBeNull();
    expect(checkValue("Memory.content", "nul\u0000byte", undefined)).toBe(
      "Memory.content must not contain control characters (found U+0000 at 3)",
    );
    expect(checkValue("Memory.content", "\u001b[31mred", undefined)).toMatch(/U\+001B/);
    expect(checkValue("Memory.tags", ["ok", "bell\u0007"], undefined)).toMatch(/U\+0007/);
  });

  it("checks patterns and quotes the offending value", () => {
    const rule = { pattern: /^[A-Za-z0-9]+$/u };
    expect(checkValue("Agent.id", "kublai", rule)).toBeNull();
    expect(checkValue("Agent.id", "x' OR 1=1 //", rule)).toMatch(/^Agent.id must match .* got "x' OR 1=1 \/\/"$/);
  });
});
