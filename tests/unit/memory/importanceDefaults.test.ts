import { describe, expect, it } from "vitest";
import { DEFAULT_IMPORTANCE, describeImportanceDefaults, importanceOf } from "../../../src/memory/importanceDefaults.js";
import { defaultInteractionTags, isSignificant, SIGNIFICANCE_THRESHOLD } from "../../../src/memory/interactionDefaults.js";

describe("a memory's default importance by type (the Discord squad's notes, Memory Types: observation 0.5, learning 0.7-0.8, insight 0.9, interaction 0.6)", () => {
  it("gives each type of the note its importance, a learning the middle of 0.7-0.8", () => {
    expect(importanceOf("OBSERVATION", undefined)).toBe(0.5);
    expect(importanceOf("LEARNING", undefined)).toBe(0.75);
    expect(importanceOf("INSIGHT", undefined)).toBe(0.9);
    expect(importanceOf("INTERACTION", undefined)).toBe(0.6);
  });

  it("covers every MemoryType of the schema and nothing else", () => {
    expect(Object.keys(DEFAULT_IMPORTANCE).sort()).toEqual(["INSIGHT", "INTERACTION", "LEARNING", "OBSERVATION"]);
  });

  it("keeps a writer's own importance exactly, 0 included", () => {
    expect(importanceOf("INSIGHT", 0.2)).toBe(0.2);
    expect(importanceOf("OBSERVATION", 0)).toBe(0);
    expect(importanceOf("LEARNING", 1)).toBe(1);
  });

  it("treats null as no choice, and an unknown type as an observation", () => {
    expect(importanceOf("INSIGHT", null)).toBe(0.9);
    expect(importanceOf("DREAM", undefined)).toBe(0.5);
  });

  it("describes the table in one line for the schema and the docs", () => {
    expect(describeImportanceDefaults()).toBe("OBSERVATION 0.5, LEARNING 0.75, INSIGHT 0.9, INTERACTION 0.6");
  });
});

describe("a recorded interaction's defaults (the Discord squad's notes, Change 1.4 and Risks & Mitigations)", () => {
  it("tags it conversation, then the topic tags its summary's words mean", () => {
    expect(defaultInteractionTags("Discord conversation with Möngke: 'can you deploy the release?' -> 'yes, after the benchmark'")).toEqual([
      "conversation",
      "operations",
      "analysis",
    ]);
  });

  it("tags a summary without topic words just conversation, and never twice", () => {
    expect(defaultInteractionTags("hi there")).toEqual(["conversation"]);
    expect(defaultInteractionTags("a conversation about nothing")).toEqual(["conversation"]);
  });

  it("is significant only strictly above the threshold, 0.6 by the note (value score > 0.6)", () => {
    expect(SIGNIFICANCE_THRESHOLD).toBe(0.6);
    expect(isSignificant(0.6)).toBe(false);
    expect(isSignificant(0.61)).toBe(true);
    expect(isSignificant(0.5)).toBe(false);
    expect(isSignificant(0.3, 0.2)).toBe(true);
    expect(isSignificant(0, 0)).toBe(false);
  });
});
