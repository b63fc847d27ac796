import { describe, expect, it } from "vitest";
import { textKeys } from "../../../src/embeddings/textKeys.js";

describe("text keys", () => {
  it("keeps nouns, verbs and adjectives by their lower-cased root", () => {
    const keys = textKeys("My paintings of sunsets were painted by the kids.");
    expect(keys).toEqual(expect.arrayContaining(["painting", "sunset", "paint", "kid"]));
  });

  it("leaves out pronouns, copulas, question words and dates", () => {
    const keys = textKeys("When did we see it yesterday? It was there.");
    expect(keys).not.toEqual(expect.arrayContaining(["when"]));
    for (const word of ["when", "we", "it", "was", "is", "yesterday"]) expect(keys).not.toContain(word);
  });

  it("does not key the speaker of a 'Speaker: text' turn", () => {
    expect(textKeys("Caroline: I joined a pottery class")).not.toContain("caroline");
    expect(textKeys("Caroline: I joined a pottery class")).toContain("pottery");
  });

  it("gives a question and a turn about the same thing a shared key", () => {
    const question = textKeys("When did Melanie paint a sunrise?");
    const turn = textKeys("Melanie: I painted that sunrise last year!");
    expect(question.filter((k) => turn.includes(k))).toEqual(expect.arrayContaining(["paint", "sunrise"]));
  });

  it("gives nothing for a text without content words", () => {
    expect(textKeys("")).toEqual([]);
    expect(textKeys("Oh, ok!")).toEqual([]);
  });
});
