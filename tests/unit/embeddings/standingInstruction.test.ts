import { describe, expect, it } from "vitest";
import { isStandingInstruction, standingCondition, standingMark, statedPreference } from "../../../src/embeddings/standingInstruction.js";

describe("isStandingInstruction: a turn telling the assistant how to answer from then on", () => {
  it.each([
    "Always include version numbers when I ask about software dependencies or libraries used.",
    "Please always format dates as Month Day, Year whenever I ask about deadlines.",
    "Never use emojis in your answers.",
    "From now on, answer in French.",
    "Going forward, keep your replies short.",
    "user: Always confirm budget caps when I ask about holiday spending. ->-> 3,12",
  ])("%s", (text) => {
    expect(isStandingInstruction(text)).toBe(true);
    expect(standingMark(text)).toBe(true);
  });

  it.each([
    // Opens like one, but no instruction follows, or it says nothing of when it applies or of the answers.
    ["no verb after the opener", "Always good to hear! See you later!"],
    ["advice, not about the answers", "Never give up on your dreams!"],
    ["no condition and not about the answers", "Always be kind to yourself."],
    ["the speaker's plan, not an instruction", "From now on I will run every day."],
  ])("not when %s: %s", (_why, text) => {
    expect(isStandingInstruction(text)).toBe(false);
    expect(standingMark(text)).toBe(false);
  });

  it("not in the middle of a turn, nor in a turn that does not open like one: nothing is stored for those", () => {
    for (const text of ["I always loved painting with my kids.", "Can you always include the tests when I ask for code?", "Thanks!"]) {
      expect(isStandingInstruction(text)).toBe(false);
      expect(standingMark(text)).toBeNull();
    }
  });

  it("not a text longer than a paragraph (a plan or a request that happens to open that way)", () => {
    const long = `Always include version numbers when I ask about libraries. ${"Here is my whole setup and the code I have so far. ".repeat(20)}`;
    expect(isStandingInstruction(long)).toBe(false);
  });
});

describe("standingCondition: the text of when an instruction applies", () => {
  it.each([
    ["user: Always include version numbers when I ask about software dependencies or libraries used.", "ask about software dependencies or libraries used."],
    ["Never use bullet points whenever I request a summary of a meeting.", "request a summary of a meeting."],
    ["Please always show the units if I give you measurements", "give you measurements"],
  ])("the clause after the condition: %s", (text, condition) => {
    expect(standingCondition(text)).toBe(condition);
  });

  it("the whole instruction, without its speaker, when it names no condition", () => {
    expect(standingCondition("user: From now on, answer in French.")).toBe("From now on, answer in French.");
  });
});

describe("statedPreference: a preference the user states, anywhere in a turn", () => {
  it.each([
    ["user: I prefer step-by-step explanations with code examples.", "I prefer step-by-step explanations with code examples."],
    ["user: Thanks! I'd rather keep the budget under $500, what can I cut?", "I'd rather keep the budget under $500"],
    ["We moved last week.\nI would much rather take the train than fly. It is calmer.", "I would much rather take the train than fly."],
    ["I\u2019d prefer plain CSS over a framework", "I\u2019d prefer plain CSS over a framework"],
  ])("%s", (text, preference) => {
    expect(statedPreference(text)).toBe(preference);
    expect(standingMark(text)).toBe(true);
    expect(standingCondition(text)).toBe(preference);
  });

  it("at most 25 words of it", () => {
    const text = `I prefer ${Array.from({ length: 40 }, (_, i) => `w${i}`).join(" ")}.`;
    expect(statedPreference(text)!.split(" ")).toHaveLength(25);
  });

  it("only in the first person: someone else's preference, or a question about it, is not the user's", () => {
    for (const text of ["My sister prefers tea.", "Which do you prefer, tea or coffee?", "She would rather stay home."]) {
      expect(statedPreference(text)).toBeNull();
      expect(standingMark(text)).toBeNull();
    }
  });

  it("a text that opens like an instruction and is not one, but states a preference, is marked for the preference", () => {
    const text = "Always good to hear from you! I prefer short answers though.";
    expect(isStandingInstruction(text)).toBe(false);
    expect(standingMark(text)).toBe(true);
    expect(standingCondition(text)).toBe("I prefer short answers though.");
  });

  it("an instruction keeps its own condition when it also states a preference", () => {
    expect(standingCondition("Always show units when I give you measurements, I prefer metric.")).toBe("give you measurements, I prefer metric.");
  });
});
