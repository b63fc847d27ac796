import { describe, expect, it } from "vitest";
import { DETERMINISTIC_VERSION, SELF_EMPLOYED } from "../../../src/extraction/index.js";
import { extract, triples } from "./support.js";

describe("deterministic extractor: one rule family per relation", () => {
  it.each([
    ["I work at Shopify as a data engineer", "p-ana WORKS_AT Shopify"],
    ["I'm a backend dev @ Stripe", "p-ana WORKS_AT Stripe"],
    ["I used to work at Spotify", "p-ana PREVIOUSLY Spotify"],
    ["I studied design at Keio University", "p-ana STUDIED_AT Keio University"],
    ["I live in Dublin", "p-ana LIVES_IN Dublin"],
    ["I'm pretty good at pytorch", "p-ana HAS_SKILL pytorch"],
    ["i do a lot of kubernetes", "p-ana HAS_SKILL Kubernetes"],
    ["I care deeply about animal welfare", "p-ana CARES_ABOUT animal welfare"],
    ["I'm curious about quantum computing", "p-ana CURIOUS_ABOUT quantum computing"],
    ["I keep talking about football", "p-ana TALKS_ABOUT football"],
    ["I'm developing an app called Qissa", "p-ana WORKING_ON Qissa"],
    ["I went to PyCon, great talks", "p-ana ATTENDED_EVENT PyCon"],
    ["my brother Bob is visiting", "p-ana RELATED_TO p-bob"],
    ["Dee is my best friend", "p-ana CLOSE_TO p-dara"],
    ["had lunch with Bobby", "p-ana INTERACTED_WITH p-bob"],
  ])("%s → %s", async (text, triple) => {
    expect(triples(await extract(text))).toEqual([triple]);
  });

  it("lists of skills give one fact each", async () => {
    expect(triples(await extract("I speak Spanish, Portuguese and English")).sort()).toEqual(["p-ana HAS_SKILL English", "p-ana HAS_SKILL Portuguese", "p-ana HAS_SKILL Spanish"]);
  });

  it("a promotion keeps the employer and records the role", async () => {
    const [fact] = await extract("got promoted to senior engineer at Intercom today!!");
    expect(fact).toMatchObject({ relation: "WORKS_AT", object: "Intercom", attributes: { role: "senior engineer" } });
  });

  it("self-employment is WORKS_AT the self-employed object, the kind of work as role", async () => {
    const [fact] = await extract("I'm a freelance illustrator based in Montreal");
    expect(fact).toMatchObject({ relation: "WORKS_AT", object: SELF_EMPLOYED, attributes: { role: "freelance illustrator" } });
  });

  it("a regular shared activity is CLOSE_TO with the habit as basis", async () => {
    const [fact] = await extract("Bob and I play chess every Sunday");
    expect(fact).toMatchObject({ relation: "CLOSE_TO", object: "p-bob", attributes: { basis: "play chess every sunday" } });
  });

  it("family needs a known person: an unknown name writes nothing", async () => {
    expect(await extract("my sister Zoe is visiting")).toEqual([]);
  });

  it("names its rule and version in source, and ranks an explicit statement above mere usage", async () => {
    const [explicit] = await extract("I work at Shopify");
    const [usage] = await extract("I've been using Terraform a lot lately");
    expect(explicit!.source).toBe(`deterministic/works-at@${DETERMINISTIC_VERSION}`);
    expect(usage!.confidence).toBeLessThan(explicit!.confidence);
  });

  it("strips the article and the 'called' of an object's name", async () => {
    expect(triples(await extract("working on a side project called Tidepool"))).toEqual(["p-ana WORKING_ON Tidepool"]);
  });
});

describe("deterministic extractor: objects that name nothing write nothing", () => {
  it.each([
    ["a time, not an employer", "I work at night"],
    ["a pronoun", "I care about you"],
    ["an adverb", "I speak softly"],
    ["a habit, not an employer", "I quit smoking"],
    ["a city, not an event", "I went to Paris last summer"],
    ["a quantity", "I'm learning a lot here"],
    ["a possessive, not a skill", "I speak my mind"],
  ])("%s: %s", async (_kind, text) => {
    expect(await extract(text)).toEqual([]);
  });

  it("working for oneself is self-employment", async () => {
    expect(triples(await extract("I work for myself"))).toEqual([`p-ana WORKS_AT ${SELF_EMPLOYED}`]);
  });
});

describe("deterministic extractor: near misses between relations", () => {
  it("a student at a school studies there, not works there", async () => {
    expect(triples(await extract("I'm a phd student at EPFL"))).toEqual(["p-ana STUDIED_AT EPFL"]);
  });

  it("an in-law keeps the whole kinship word as basis", async () => {
    const [fact] = await extract("Bob is my brother-in-law");
    expect(fact).toMatchObject({ relation: "RELATED_TO", object: "p-bob", attributes: { basis: "brother-in-law" } });
  });

  it("a day is when one works, not a project", async () => {
    expect(await extract("I'm working on Saturday")).toEqual([]);
  });
});

describe("deterministic extractor: knowing people and things", () => {
  it("knowing a person or 'a guy' is no skill; known skills are named ones", async () => {
    expect(await extract("I know a guy")).toEqual([]);
    expect(await extract("I know Bobby well")).toEqual([]);
    expect(triples(await extract("I know SQL pretty well"))).toEqual(["p-ana HAS_SKILL SQL"]);
  });
});
