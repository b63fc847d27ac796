import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { parseReflectLimit, parseStoreArgs, parseSupersedeArgs } from "../../../src/beliefs/beliefArgs.js";
import { checkedLabel, labelDisjunction } from "../../../src/beliefs/knowledgeLabels.js";
import { knowledgeLabels } from "../../../src/core/schemaFacts.js";

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { extensions?: Record<string, unknown> }).extensions;
  }
  throw new Error("did not throw");
};

describe("memoryStore arguments", () => {
  it("defaults to a BELIEF with confidence 0.5 and no domains", () => {
    expect(parseStoreArgs({ content: " Fridays are risky " })).toEqual({ kind: "BELIEF", content: "Fridays are risky", confidence: 0.5, domains: [], category: null, outcome: null });
  });

  it.each([
    [{ content: "" }, "memoryStore.content"],
    [{ content: "x".repeat(20_001) }, "memoryStore.content"],
    [{ content: "x", confidence: 1.5 }, "memoryStore.confidence"],
    [{ content: "x", type: "OPINION" }, "memoryStore.type"],
    [{ content: "x", category: "MARKET" }, "memoryStore.category"],
    [{ content: "x", outcome: "FAILED" }, "memoryStore.outcome"],
    [{ content: "x", domains: Array.from({ length: 21 }, (_, i) => `d${i}`) }, "memoryStore.domains"],
  ])("refuses %j naming %s", (args, field) => {
    expect(code(() => parseStoreArgs(args))).toMatchObject({ code: "BAD_USER_INPUT", field });
  });

  it("an INSIGHT takes a category, GENERAL when none is given; an EXPERIENCE an outcome", () => {
    expect(parseStoreArgs({ content: "x", type: "INSIGHT", category: "TECHNICAL" })).toMatchObject({ kind: "INSIGHT", category: "TECHNICAL" });
    expect(parseStoreArgs({ content: "x", type: "INSIGHT" })).toMatchObject({ kind: "INSIGHT", category: "GENERAL" });
    expect(parseStoreArgs({ content: "x", type: "EXPERIENCE", outcome: "FAILED" })).toMatchObject({ kind: "EXPERIENCE", outcome: "FAILED" });
  });
});

describe("reflect and supersedeBelief arguments", () => {
  it("limit is 1..200, default 50", () => {
    expect(parseReflectLimit("reflect", undefined)).toBe(50);
    expect(code(() => parseReflectLimit("reflect", 201))).toMatchObject({ field: "reflect.limit" });
    expect(code(() => parseReflectLimit("reflect", 0))).toMatchObject({ field: "reflect.limit" });
  });

  it("supersedeBelief needs content and a reason of at most 5,000 characters", () => {
    expect(code(() => parseSupersedeArgs({ id: "b", content: "c", reason: "r".repeat(5001) }))).toMatchObject({ field: "supersedeBelief.reason" });
    expect(code(() => parseSupersedeArgs({ id: "b", content: " ", reason: "r" }))).toMatchObject({ field: "supersedeBelief.content" });
    expect(parseSupersedeArgs({ id: "b", content: "c", reason: "r" })).toEqual({ id: "b", content: "c", reason: "r", confidence: null, domains: null });
  });
});

describe("knowledge labels (the closed set memoryShare matches)", () => {
  const doc = parse(`interface Knowledge { id: ID! } type Belief implements Knowledge { id: ID! } type Insight implements Knowledge { id: ID! } type Agent { id: ID! }`);

  it("are the types implementing Knowledge", () => {
    expect(knowledgeLabels(doc)).toEqual(["Belief", "Insight"]);
  });

  it("enter Cypher only as plain names from the set", () => {
    expect(labelDisjunction(["Belief", "Insight"])).toBe("Belief|Insight");
    expect(() => labelDisjunction(["Belief`) DETACH DELETE n //"])).toThrow(/plain labels/);
    expect(() => checkedLabel("Agent", ["Belief"])).toThrow(/not a knowledge type/);
  });
});
