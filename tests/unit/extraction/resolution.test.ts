import { describe, expect, it } from "vitest";
import { deterministicExtractor } from "../../../src/extraction/index.js";
import type { KnownPerson } from "../../../src/extraction/index.js";
import { NOW, extract, people, triples } from "./support.js";

describe("deterministic extractor: who a fact is about", () => {
  it("the author is the default subject", async () => {
    expect(triples(await extract("I live in Dublin", { author: "p-dara" }))).toEqual(["p-dara LIVES_IN Dublin"]);
  });

  it("a name or alias as subject resolves to that person", async () => {
    expect(triples(await extract("Bobby works at Wise"))).toEqual(["p-bob WORKS_AT Wise"]);
  });

  it("a pronoun resolves to the last person named earlier in the conversation", async () => {
    expect(triples(await extract(["talked to Dara yesterday", "she lives in Cork now"]))).toEqual(["p-ana INTERACTED_WITH p-dara", "p-dara LIVES_IN Cork"]);
  });

  it("the conversation window names the person a pronoun of the batch refers to", async () => {
    const facts = await deterministicExtractor().extract([{ id: "m2", text: "he works at Wise now", timestamp: NOW, authorPersonId: "p-ana", mentions: [], conversationId: "c1" }], {
      people,
      window: [{ id: "m1", text: "Bob just told me about his new job", timestamp: NOW, authorPersonId: "p-ana", mentions: [], conversationId: "c1" }],
    });
    expect(triples(facts)).toEqual(["p-bob WORKS_AT Wise"]);
  });

  it("an @-mention resolves as a person object", async () => {
    expect(triples(await extract("@Dee is my best friend from uni", { mentions: ["p-dara"] }))).toEqual(["p-ana CLOSE_TO p-dara"]);
  });

  it("an unknown name as subject writes nothing", async () => {
    expect(await extract("Zoe works at Google")).toEqual([]);
  });

  it("a message of an author who is no known person writes nothing", async () => {
    const facts = await deterministicExtractor().extract([{ id: "m1", text: "I work at Shopify", timestamp: NOW, mentions: [] }], { people });
    expect(facts).toEqual([]);
  });
});

describe("deterministic extractor: @handles and month names", () => {
  it("an @handle that is no alias resolves to the message's single mention", async () => {
    expect(triples(await extract("@dee_codes is my best friend", { mentions: ["p-dara"] }))).toEqual(["p-ana CLOSE_TO p-dara"]);
  });

  it("the month May is a time, not a hedge", async () => {
    const [fact] = await extract("I moved to Berlin in May");
    expect(fact).toMatchObject({ relation: "LIVES_IN", object: "Berlin", validFrom: "2026-05-01T00:00:00.000Z" });
    expect(await extract("I may move to Berlin")).toEqual([]);
  });
});

describe("deterministic extractor: a name two people share", () => {
  // Two people called Hana in one tenant (say, one per Discord server the bot is in).
  const twoHanas: KnownPerson[] = [...people, { id: "p-hana-1", name: "Hana Ito", aliases: ["Hana"] }, { id: "p-hana-2", name: "Hana Mori", aliases: ["Hana"] }];
  const said = (text: string, conversationId: string, window: { author: string; conversationId: string }[] = []) =>
    deterministicExtractor().extract([{ id: "m9", text, timestamp: NOW, authorPersonId: "p-ana", mentions: [], conversationId }], {
      people: twoHanas,
      window: window.map((w, i) => ({ id: `w${i}`, text: "hi all", timestamp: NOW, authorPersonId: w.author, mentions: [], conversationId: w.conversationId })),
    });

  it("names the one who takes part in the conversation, in whichever order the people were read", async () => {
    expect(triples(await said("Hana works at Wise", "c1", [{ author: "p-hana-1", conversationId: "c1" }, { author: "p-hana-2", conversationId: "c2" }]))).toEqual(["p-hana-1 WORKS_AT Wise"]);
    const reversed = await deterministicExtractor().extract([{ id: "m9", text: "Hana works at Wise", timestamp: NOW, authorPersonId: "p-ana", mentions: [], conversationId: "c1" }], {
      people: [...twoHanas].reverse(),
      window: [{ id: "w0", text: "hi", timestamp: NOW, authorPersonId: "p-hana-2", mentions: [], conversationId: "c1" }],
    });
    expect(triples(reversed)).toEqual(["p-hana-2 WORKS_AT Wise"]);
  });

  it("names nobody when neither or both take part: no fact about the wrong person", async () => {
    expect(await said("Hana works at Wise", "c1")).toEqual([]);
    expect(await said("Hana works at Wise", "c1", [{ author: "p-hana-1", conversationId: "c1" }, { author: "p-hana-2", conversationId: "c1" }])).toEqual([]);
  });

  it("an @-mention says which of them", async () => {
    const facts = await deterministicExtractor().extract([{ id: "m9", text: "@Hana works at Wise", timestamp: NOW, authorPersonId: "p-ana", mentions: ["p-hana-2"], conversationId: "c1" }], { people: twoHanas });
    expect(triples(facts)).toEqual(["p-hana-2 WORKS_AT Wise"]);
  });
});

