import { describe, expect, it } from "vitest";
import { analyzeConversation, cleanTerm, contentWords, findIntents } from "../../../src/retrieveContext/analyzeConversation.js";
import type { ConversationMessage } from "../../../src/retrieveContext/request.js";

const msg = (content: string, authorId: string | null = null, authorName: string | null = null): ConversationMessage => ({ authorId, authorName, content, timestamp: null });
const intentsOf = (...contents: string[]) => findIntents(contents).map(({ kind, term }) => `${kind}:${term}`);

describe("findIntents", () => {
  it.each([
    ["Who knows Python?", ["skill:Python"]],
    ["Does anyone speak Klingon?", ["skill:Klingon"]],
    ["Anyone fluent in Spanish.", ["skill:Spanish"]],
    ["Anyone with experience with Kubernetes?", ["skill:Kubernetes"]],
    ["Anyone work at Google?", ["organization:Google"]],
    ["Bob interned at Meta Platforms last summer", ["organization:Meta Platforms"]],
    ["I'm thinking of applying to Google", ["organization:Google"]],
    ["Who lives in San Francisco?", ["location:San Francisco"]],
    ["Who moved to New York City last year?", ["location:New York City"]],
    ["Anyone from NYC?", ["location:NYC"]],
    ["Is anyone here from Berlin?", ["location:Berlin"]],
    ["Bob talks about machine learning a lot", ["topic:machine learning"]],
    ["Who is interested in rock climbing and jazz?", ["topic:rock climbing"]],
  ])("reads %j as %j", (content, expected) => {
    expect(intentsOf(content)).toEqual(expected);
  });

  it("reads two organisations of one message in the order they are written", () => {
    expect(intentsOf("Alice worked at Google and Bob interned at Meta")).toEqual(["organization:Google", "organization:Meta"]);
  });

  it("resolves 'there' to the organisation named before, so 'Didn't Charlie work there?' after 'applying to Google' asks about Google only", () => {
    expect(findIntents(["I'm thinking of applying to Google", "Didn't Charlie work there?"])).toEqual([{ kind: "organization", term: "Google", message: 0 }]);
    expect(intentsOf("Charlie worked at Google", "Dana joined there")).toEqual(["organization:Google"]);
  });

  it("drops 'there' when no organisation was named before it, and never asks about the word 'there'", () => {
    expect(findIntents(["Didn't Charlie work there?"])).toEqual([]);
    expect(findIntents(["Is anyone applying there?"])).toEqual([]);
  });

  it("keeps one intent per kind and term, case-insensitively, from the first message that asks", () => {
    expect(findIntents(["Who knows Python?", "Anyone else know python?", "Who works at Google?"])).toEqual([
      { kind: "skill", term: "Python", message: 0 },
      { kind: "organization", term: "Google", message: 2 },
    ]);
  });

  it("drops a term that is only a stop word ('who knows it?')", () => {
    expect(findIntents(["who knows it?", "Anyone interested in that?"])).toEqual([]);
  });

  it("asks nothing of a conversation without such phrases, or without messages", () => {
    expect(findIntents(["hello there", "nice weather today"])).toEqual([]);
    expect(findIntents([])).toEqual([]);
  });
});

describe("cleanTerm", () => {
  it.each([
    ["Python?", "Python"],
    ["Python and", "Python"],
    ["machine learning with", "machine learning"],
    ["Go.", "Go"],
    ["Rust!?", "Rust"],
    ["  Scala  ", "Scala"],
    ["rock climbing and jazz", "rock climbing and jazz"],
    ["O'Reilly's", "O'Reilly's"],
  ])("trims %j to %j", (raw, cleaned) => {
    expect(cleanTerm(raw)).toBe(cleaned);
  });

  it.each(["the", "it", "There", "anyone?"])("turns the stop word %j into an empty term", (raw) => {
    expect(cleanTerm(raw)).toBe("");
  });
});

describe("contentWords", () => {
  it("lower-cases, drops stop words, one-letter words and possessive 's, keeps C++ and hyphenated words", () => {
    expect(contentWords(["Alice's 'quoted' C++ rock-n-roll a I the"])).toEqual(["alice", "quoted", "c++", "rock-n-roll"]);
  });

  it("keeps each word once, in order of first appearance, up to max", () => {
    expect(contentWords(["python java", "Python rust"])).toEqual(["python", "java", "rust"]);
    expect(contentWords(["one two three four"], 2)).toEqual(["one", "two"]);
  });
});

describe("analyzeConversation", () => {
  it("lists each author once: by id, else by lower-cased name; messages without an author add none", () => {
    const { authors } = analyzeConversation([
      msg("hi", "u1", "Bob"),
      msg("hi again", "u1", "Bobby"),
      msg("hey", null, "Alice"),
      msg("hey", null, "alice"),
      msg("anonymous"),
    ]);
    expect(authors).toEqual([{ id: "u1", name: "Bob" }, { id: null, name: "Alice" }]);
  });

  it("keeps grams with a content word and drops those made of stop words only", () => {
    const { grams } = analyzeConversation([msg("My brother works at Google")]);
    expect(grams).toEqual(expect.arrayContaining(["my brother", "brother", "google", "works at google"]));
    for (const stopOnly of ["my", "works", "at", "works at"]) expect(grams).not.toContain(stopOnly);
  });

  it("finds implicit references like 'my brother' and 'the new hire' with the message they are in", () => {
    const { implicitReferences } = analyzeConversation([msg("hello"), msg("My brother said the new hire knows Rust")]);
    expect(implicitReferences.map((r) => [r.reference, r.word, r.mentionedInMessage])).toEqual([
      ["My brother", "brother", 1],
      ["the new hire", "the new hire", 1],
    ]);
    expect(implicitReferences[0]!.types[0]).toBe("RELATED_TO");
  });

  it("searches by meaning with the last three messages, newest last", () => {
    const { query } = analyzeConversation(["one", "two", "three", "four"].map((c) => msg(c)));
    expect(query).toBe("two\nthree\nfour");
  });

  it("puts intents and content words of every message together", () => {
    const analysis = analyzeConversation([msg("I'm thinking of applying to Google", "u_alice", "Alice"), msg("Who knows Python?", "u_bob", "Bob")]);
    expect(analysis.intents).toEqual([
      { kind: "organization", term: "Google", message: 0 },
      { kind: "skill", term: "Python", message: 1 },
    ]);
    expect(analysis.words).toEqual(["google", "python"]);
  });
});

describe("findIntents: 'there' and skills that look like places", () => {
  it('"Didn\'t Charlie work there?" alone names the organisation of the message before it', () => {
    expect(findIntents(["Google is hiring", "Microsoft too", "Does Dana work at Microsoft?", "Didn't Charlie work there?"]).filter((i) => i.kind === "organization")).toEqual([
      { kind: "organization", term: "Microsoft", message: 2 },
    ]);
    // "work there" with no organisation named before it is no intent at all.
    expect(findIntents(["Didn't Charlie work there?"])).toEqual([]);
  });

  it('"experience in Kubernetes?" is a skill, not a place; "anyone in Berlin?" is a place', () => {
    expect(findIntents(["Anyone with experience in Kubernetes?"])).toEqual([{ kind: "skill", term: "Kubernetes", message: 0 }]);
    expect(findIntents(["Is anyone in Berlin?"])).toEqual([{ kind: "location", term: "Berlin", message: 0 }]);
  });
});
