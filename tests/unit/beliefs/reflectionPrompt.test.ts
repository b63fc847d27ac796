import { describe, expect, it } from "vitest";
import { majority, planFromAnswer } from "../../../src/beliefs/llmReflection.js";
import type { ActiveBelief, ExperienceInput } from "../../../src/beliefs/reflectionPlan.js";
import { parseReflectionAnswer, REFLECTION_PROMPT_VERSION, reflectionSystemPrompt, reflectionUserPrompt } from "../../../src/beliefs/reflectionPrompt.js";

const experiences: ExperienceInput[] = [
  { id: "e1", description: "Deploy on Friday broke checkout", outcome: "FAILED", experienceType: "deploy" },
  { id: "e2", description: "Deploy on Tuesday went fine", outcome: "SUCCESS", experienceType: "deploy" },
];
const beliefs: ActiveBelief[] = [{ id: "b1", content: "Deploys are safe any day", confidence: 0.6, domains: [], supportCount: 1, polarity: "POSITIVE" }];
const answer = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ summary: "Friday deploys are risky.", insights: ["avoid Fridays"], beliefs: [{ content: "Avoid deploying on Fridays", confidence: 0.7, evidence: ["e1"], contradicts: ["b1"], supersedes: null, ...over }] });

describe("the reflection prompt (versioned, pure)", () => {
  it("has a version and asks for one JSON object with the documented fields", () => {
    expect(REFLECTION_PROMPT_VERSION).toMatch(/^reflect\/\d{4}-\d{2}-\d{2}\.\d+$/);
    const system = reflectionSystemPrompt();
    expect(system).toContain("Answer with one JSON object and nothing else");
    for (const field of ['"summary"', '"beliefs"', '"evidence"', '"contradicts"', '"supersedes"']) expect(system).toContain(field);
  });

  it("lists each experience with id, type and outcome, and each current belief with id and confidence", () => {
    const user = reflectionUserPrompt(experiences, beliefs);
    expect(user).toContain("- [e1] (deploy, outcome FAILED) Deploy on Friday broke checkout");
    expect(user).toContain("- [b1] (confidence 0.6) Deploys are safe any day");
    expect(reflectionUserPrompt(experiences, [])).toContain("Current beliefs:\n- none");
  });

  it("is pure: the same input gives the same text", () => {
    expect(reflectionUserPrompt(experiences, beliefs)).toBe(reflectionUserPrompt(experiences, beliefs));
  });
});

describe("parseReflectionAnswer: the model's answer is used only when valid", () => {
  it("accepts a valid answer, also inside a ```json fence, and fills defaults", () => {
    const parsed = parseReflectionAnswer("```json\n" + answer({ domains: undefined }) + "\n```", experiences, beliefs);
    expect(parsed).toMatchObject({ ok: true, answer: { beliefs: [{ content: "Avoid deploying on Fridays", domains: [] }] } });
  });

  it.each([
    ["not JSON", "I think deploys are risky", /not JSON/],
    ["a confidence above 1", answer({ confidence: 1.4 }), /beliefs\.0\.confidence/],
    ["no evidence", answer({ evidence: [] }), /beliefs\.0\.evidence/],
    ["an invented experience id", answer({ evidence: ["e9"] }), /cites "e9"/],
    ["an invented belief id", answer({ contradicts: ["b9"] }), /names belief "b9"/],
    ["an empty content", answer({ content: "  " }), /beliefs\.0\.content/],
  ])("refuses %s, saying why", (_name, reply, reason) => {
    const parsed = parseReflectionAnswer(reply, experiences, beliefs);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toMatch(reason);
  });

  it("refuses superseding the same belief twice", () => {
    const twice = JSON.stringify({
      summary: "s",
      beliefs: [1, 2].map((i) => ({ content: `c${i}`, confidence: 0.5, evidence: ["e1"], supersedes: { beliefId: "b1", reason: "r" } })),
    });
    expect(parseReflectionAnswer(twice, experiences, beliefs)).toEqual({ ok: false, reason: 'belief "b1" is superseded twice' });
  });
});

describe("planFromAnswer", () => {
  it("turns each drafted belief into a new belief with its evidence, strength from support and polarity from outcomes", () => {
    const parsed = parseReflectionAnswer(answer({ evidence: ["e1", "e1"], supersedes: { beliefId: "b1", reason: "Friday failed" } }), experiences, beliefs);
    if (!parsed.ok) throw new Error(parsed.reason);
    const plan = planFromAnswer(parsed.answer, experiences, () => "n1");
    expect(plan).toMatchObject({ content: "Friday deploys are risky.", insights: ["avoid Fridays"], considered: ["e1", "e2"], reinforced: [] });
    expect(plan.formed).toEqual([
      { id: "n1", content: "Avoid deploying on Fridays", confidence: 0.7, strength: 0.25, domains: [], polarity: "NEGATIVE", supportCount: 1, evidenceIds: ["e1"], contradicts: ["b1"], supersedes: { beliefId: "b1", reason: "Friday failed" } },
    ]);
  });

  it("majority: more SUCCESS → POSITIVE, more FAILED → NEGATIVE, ties → NEUTRAL", () => {
    expect(majority(["POSITIVE", "POSITIVE", "NEGATIVE"])).toBe("POSITIVE");
    expect(majority(["NEGATIVE", "NEUTRAL"])).toBe("NEGATIVE");
    expect(majority(["POSITIVE", "NEGATIVE"])).toBe("NEUTRAL");
  });
});
