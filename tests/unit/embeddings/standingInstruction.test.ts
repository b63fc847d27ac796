import { describe, expect, it } from "vitest";
import { isStandingInstruction, standingCondition, standingMark } from "../../../src/embeddings/standingInstruction.js";

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
