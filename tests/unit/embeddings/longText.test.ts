import { describe, expect, it } from "vitest";
import { CONTEXT_TAIL_TOKENS, longTextParts, textTail } from "../../../src/embeddings/longText.js";

/** A token is a word here. */
const words = (text: string) => text.split(/\s+/).filter((w) => w.length > 0).length;
const window = { maxTokens: 20, countTokens: words };
const text = (n: number, word = "w") => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");

describe("textTail", () => {
  it("keeps the longest run of whole words at the end that fits", () => {
    expect(textTail("one two three four five", 2, words)).toBe("four five");
    expect(textTail("short", 64, words)).toBe("short");
    expect(textTail("", 64, words)).toBe("");
  });

  it("counts with the model's tokens, not words", () => {
    const chars = (t: string) => t.length;
    expect(textTail("alpha beta gamma", 10, chars)).toBe("beta gamma");
    expect(textTail("alpha beta gamma", 9, chars)).toBe("gamma");
  });
});

describe("longTextParts", () => {
  it("starts the contextual text with the end of the turn before, so a long answer cannot crowd the reply out", () => {
    const before = text(500, "a");
    const { context, passages } = longTextParts("the reply", before, window);
    expect(context).toBe(`${textTail(before, CONTEXT_TAIL_TOKENS, words)}\nthe reply`);
    expect(words(context)).toBe(CONTEXT_TAIL_TOKENS + 2);
    expect(passages).toEqual([]);
  });

  it("keeps the whole turn before when the model's window is not known", () => {
    expect(longTextParts("reply", "question", undefined)).toEqual({ context: "question\nreply", passages: [] });
    expect(longTextParts("reply", "", window)).toEqual({ context: "reply", passages: [] });
  });

  it("splits a text longer than the window into passages, none for one that fits", () => {
    expect(longTextParts(text(20), "", window).passages).toEqual([]);
    const long = longTextParts(text(45), "", window).passages;
    expect(long.length).toBeGreaterThan(2);
    for (const p of long) expect(words(p.text)).toBeLessThanOrEqual(20);
  });
});
