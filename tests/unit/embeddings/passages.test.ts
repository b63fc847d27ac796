import { describe, expect, it } from "vitest";
import { passagesOf, type PassageOptions } from "../../../src/embeddings/passages.js";

/** A token is a word here. */
const words = (text: string) => text.split(/\s+/).filter((w) => w.length > 0).length;
const options = (maxTokens: number, overlapTokens = 0): PassageOptions => ({ maxTokens, overlapTokens, countTokens: words });
const sentence = (n: number, length = 4) => `${Array.from({ length: length - 1 }, (_, i) => `w${n}x${i}`).join(" ")} s${n}.`;

describe("passagesOf", () => {
  it("keeps a text that fits as one passage, itself", () => {
    const text = "A short message. It fits.";
    expect(passagesOf(text, options(10))).toEqual([{ start: 0, end: text.length, text }]);
  });

  it("packs whole sentences up to the window, in order, covering every sentence", () => {
    const text = Array.from({ length: 10 }, (_, i) => sentence(i)).join(" ");
    const passages = passagesOf(text, options(12));
    expect(passages.map((p) => words(p.text))).toEqual([12, 12, 12, 4]);
    for (const p of passages) expect(text.slice(p.start, p.end)).toBe(p.text);
    for (let i = 0; i < 10; i++) expect(passages.some((p) => p.text.includes(`s${i}.`))).toBe(true);
    expect(passages[0]!.text.startsWith("w0x0")).toBe(true);
    expect(passages.at(-1)!.end).toBe(text.length);
  });

  it("starts each passage with the last sentences of the one before, within the overlap", () => {
    const text = Array.from({ length: 6 }, (_, i) => sentence(i)).join(" ");
    const passages = passagesOf(text, options(12, 4));
    // 3 sentences a passage; the next repeats the last one.
    expect(passages.map((p) => p.text.match(/s\d\./g)!.join(""))).toEqual(["s0.s1.s2.", "s2.s3.s4.", "s4.s5."]);
  });

  it("always moves forward when a single sentence fills the overlap", () => {
    const text = [sentence(0, 8), sentence(1, 8), sentence(2, 8)].join(" ");
    const passages = passagesOf(text, options(8, 8));
    expect(passages.map((p) => p.text.match(/s\d\./g)!.join(""))).toEqual(["s0.", "s1.", "s2."]);
  });

  it("splits at lines, so code and lists break between their lines", () => {
    const lines = Array.from({ length: 8 }, (_, i) => `const v${i} = f(a, b, c);`);
    const passages = passagesOf(lines.join("\n"), options(12));
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) expect(lines.some((l) => p.text.startsWith(l))).toBe(true);
  });

  it("cuts a sentence longer than the window at spaces, every part within it, nothing lost", () => {
    const long = Array.from({ length: 50 }, (_, i) => `word${i}`).join(" ");
    const passages = passagesOf(long, options(8));
    for (const p of passages) expect(words(p.text)).toBeLessThanOrEqual(8);
    expect(passages.map((p) => p.text).join(" ").split(" ")).toEqual(long.split(" "));
  });

  it("cuts a run of characters with no space into parts that fit", () => {
    const chars = (text: string) => text.length;
    const text = "x".repeat(100);
    const passages = passagesOf(text, { maxTokens: 30, overlapTokens: 0, countTokens: chars });
    expect(passages.map((p) => p.text.length)).toEqual([30, 30, 30, 10]);
  });
});
