import { describe, expect, it } from "vitest";
import { deterministicExtractor } from "../../../src/extraction/index.js";
import { NOW, extract, people, triples } from "./support.js";

// Version 2 (issue #45): how people say things in chat. These sentences were written for these tests, not taken from any corpus.
describe("deterministic extractor v2: objects judged by their shape", () => {
  it("an amount of something is no skill: the language written in is", async () => {
    expect(triples(await extract("I write most of my side projects in Rust now"))).toEqual(["p-ana HAS_SKILL Rust"]);
  });

  it("a span that runs on past its object is cut to the noun phrase", async () => {
    expect(triples(await extract("I went to the Lisbon Jazz Festival two weeks ago with friends"))).toEqual(["p-ana ATTENDED_EVENT Lisbon Jazz Festival"]);
  });

  it("the rules alone (v1) are kept for measuring side by side, and still take the phrase", async () => {
    const facts = await deterministicExtractor({ parse: false }).extract([{ id: "m0", text: "I write most of my side projects in Rust now", timestamp: NOW, authorPersonId: "p-ana", mentions: [] }], { people });
    expect(triples(facts)).toEqual(["p-ana HAS_SKILL most of my side projects"]);
    expect(deterministicExtractor({ parse: false }).version).toBe("1");
  });
});

describe("deterministic extractor v2: sentences as people say them", () => {
  it("two verb phrases with one subject: the old job ends, the new one starts", async () => {
    expect(triples(await extract("I left Monzo and joined Wise in March")).sort()).toEqual(["p-ana PREVIOUSLY Monzo", "p-ana WORKS_AT Wise"]);
  });

  it("'here' is the place the message or its predecessor names, by its usual abbreviation too", async () => {
    const facts = await extract(["Anyone else in KL for the meetup?", "been living here since 2019 actually"]);
    expect(triples(facts)).toEqual(["p-ana LIVES_IN Kuala Lumpur"]);
    expect(facts[0]!.evidence).toEqual(["m1"]);
  });

  it("a move announced for next month is written with its start after the message", async () => {
    const [fact] = await extract("moving to Valencia next month!");
    expect(fact).toMatchObject({ relation: "LIVES_IN", object: "Valencia" });
    expect(Date.parse(fact!.validFrom!)).toBeGreaterThan(Date.parse(NOW));
  });

  it("a move without a time is a plan, and a negated one nothing", async () => {
    expect(await extract("moving to Valencia at some point")).toEqual([]);
    expect(await extract("I'm not moving to Valencia next month after all")).toEqual([]);
  });

  it("a friendship told through a shared activity, the activity as basis", async () => {
    const [fact] = await extract("Bob and I have been chess partners for years");
    expect(fact).toMatchObject({ relation: "CLOSE_TO", object: "p-bob", attributes: { basis: "chess partners" } });
  });

  it("a hobby said as a habit is a skill; a hedge lowers the confidence", async () => {
    const [plain] = await extract("I go kayaking every weekend");
    const [hedged] = await extract("I go kayaking every weekend more or less");
    expect(triples([plain!])).toEqual(["p-ana HAS_SKILL kayaking"]);
    expect(hedged!.confidence).toBeLessThan(plain!.confidence);
  });

  it("an organisation one worked at is no event one attended", async () => {
    expect(triples(await extract("back when I was at Deliveroo we shipped weekly"))).toEqual(["p-ana PREVIOUSLY Deliveroo"]);
  });
});
