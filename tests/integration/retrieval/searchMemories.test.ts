import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rankOptionsFor } from "../../../src/search/ranking/rankCandidates.js";
import { fails, ok } from "../../support/gql.js";
import { startTokenGateway } from "../../support/tokenGateway.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

const RECORD = `mutation ($memories: [MemoryInput!]!) { recordMemories(memories: $memories) { ids } }`;
const CREATE_AGENT = `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "tester" }]) { agents { id } } }`;
const SEARCH = `query ($input: SearchMemoriesInput!) {
  searchMemories(input: $input) {
    tookMs
    hits { source id content score ownerId sourceRef memoryType tags occurredAt
      explain { fulltextRank vectorRank vectorScore fused graph expandedFrom recency importance confidence length redundancy } }
  }
}`;

interface Hit {
  id: string;
  content: string;
  sourceRef: string | null;
  ownerId: string;
  explain: { fulltextRank: number | null; vectorRank: number | null; vectorScore: number | null; graph: number; expandedFrom: string[]; length: number } | null;
}

let gw: TestGateway;
let alice: string;
let bob: string;
const day = (d: number, minute = 0) => new Date(Date.UTC(2026, 10, d, 12, minute)).toISOString();

async function search(agent: string, input: Record<string, unknown>): Promise<Hit[]> {
  const data = await ok(gw, SEARCH, { input }, agent);
  return data.searchMemories.hits as Hit[];
}

beforeAll(async () => {
  gw = await startTestGateway(testConfig());
  alice = uniqueAgent("alice");
  bob = uniqueAgent("bob");
  for (const id of [alice, bob]) await ok(gw, CREATE_AGENT, { id, name: id }, id);
  await ok(gw, RECORD, {
    memories: [
      { type: "INTERACTION", content: "Sam: I adopted a puppy called Rex last weekend", source: "c1", conversationId: "chat", participants: ["Sam"], occurredAt: day(1, 0) },
      { type: "INTERACTION", content: "Sam: He chews everything in the flat", source: "c2", conversationId: "chat", participants: ["Sam"], occurredAt: day(1, 1) },
      { type: "INTERACTION", content: "Kim: The quarterly budget review moved to Friday", source: "c3", conversationId: "chat", participants: ["Kim"], occurredAt: day(2) },
      { type: "INSIGHT", content: "The message queue bottlenecks under high load", importance: 0.9, tags: ["ops"], source: "i1", occurredAt: day(3) },
      { type: "OBSERVATION", content: "Deployments happen on Tuesdays", tags: ["ops"], confidence: 0.3, source: "o1", occurredAt: day(4) },
      { type: "LEARNING", content: "Retrying with exponential backoff fixed the flaky uploads", importance: 0.8, source: "l1", occurredAt: day(5) },
    ],
  }, alice);
  await ok(gw, RECORD, {
    memories: [
      { type: "INSIGHT", content: "Bob's note: Rex the puppy loves the park", source: "bob-note" },
    ],
  }, bob);
  await gw.app.embeddings.drain();
});
afterAll(async () => {
  for (const a of [alice, bob]) await removeOwnedBy(gw.driver, a);
  await gw.stop();
});

describe("searchMemories: hybrid retrieval", () => {
  it("finds a memory by meaning when no word matches (vector list), and says so in explain", async () => {
    // Ranks of six memories are close; the vector list itself must put the dog first: the turn
    // about it, or the reply after it, whose contextual vector (the default closeness) embeds both.
    const hits = await search(alice, { query: "What is the name of the dog?", agentIds: [alice], limit: 6, expand: false, explain: true });
    const nearest = hits.find((h) => h.explain!.vectorRank === 1);
    expect(["c1", "c2"]).toContain(nearest?.sourceRef);
    expect(nearest!.explain!.fulltextRank).toBeNull();
  });

  it("finds a rare word by full text, fused with the vector rank", async () => {
    const hits = await search(alice, { query: "backoff", agentIds: [alice], limit: 3, explain: true });
    expect(hits[0]!.sourceRef).toBe("l1");
    expect(hits[0]!.explain).toMatchObject({ fulltextRank: 1 });
  });

  it("brings the neighbouring turn of a hit from the same conversation (graph expansion)", async () => {
    const hits = await search(alice, { query: "adopted a puppy called Rex", agentIds: [alice], limit: 6, explain: true });
    const next = hits.find((h) => h.sourceRef === "c2");
    expect(next, JSON.stringify(hits.map((h) => h.sourceRef))).toBeDefined();
    expect(next!.explain!.expandedFrom.length).toBeGreaterThan(0);
    const without = await search(alice, { query: "adopted a puppy called Rex", agentIds: [alice], limit: 6, expand: false, explain: true });
    expect(without.every((h) => h.explain!.graph === 0)).toBe(true);
  });

  it("weighs a short conversational turn down by the length prior, and leaves a short insight or observation alone", async () => {
    const hits = await search(alice, { query: "puppy flat queue deployments", agentIds: [alice], limit: 20, expand: false, explain: true });
    const lengthOf = (ref: string) => hits.find((h) => h.sourceRef === ref)?.explain?.length;
    // "Sam: He chews everything in the flat": an INTERACTION of 7 words, below the 20 or 30 that count fully.
    const { lengthShare, lengthWords } = rankOptionsFor(testConfig().searchSharedKeys);
    expect(lengthOf("c2")).toBeCloseTo(1 - lengthShare + (lengthShare * 7) / lengthWords);
    expect(lengthOf("i1")).toBe(1);
    expect(lengthOf("o1")).toBe(1);
  });

  it("filters by type, tags, participants, time range and minimum confidence", async () => {
    const refs = async (input: Record<string, unknown>) =>
      (await search(alice, { query: "the queue puppy budget deployments uploads", agentIds: [alice], limit: 20, expand: false, ...input })).map((h) => h.sourceRef).sort();
    expect(await refs({ types: ["INSIGHT"] })).toEqual(["i1"]);
    expect(await refs({ tags: ["ops"] })).toEqual(["i1", "o1"]);
    expect(await refs({ participants: ["Kim"] })).toEqual(["c3"]);
    expect(await refs({ from: day(3), to: day(5) })).toEqual(["i1", "o1"]);
    expect(await refs({ tags: ["ops"], minConfidence: 0.5 })).toEqual(["i1"]);
  });

  it("never returns another agent's PRIVATE memory to a plain agent; SHARED ones are found, and agentIds scopes the search", async () => {
    const tg = await startTokenGateway();
    try {
      const [a, b] = [tg.caller("alice"), tg.caller("bob")];
      for (const c of [a, b]) expect((await tg.as(c, CREATE_AGENT, { id: c.agentId, name: c.agentId })).errors).toBeUndefined();
      const record = async (c: typeof a, memories: Record<string, unknown>[]) => expect((await tg.as(c, RECORD, { memories })).errors).toBeUndefined();
      await record(b, [
        { type: "INSIGHT", content: "Private note: the puppy Rex is allergic to chicken", source: "bob-private" },
        { type: "INSIGHT", content: "Shared note: Rex the puppy loves the park", source: "bob-shared", visibility: "SHARED" },
      ]);
      await record(a, [{ type: "OBSERVATION", content: "Rex the puppy visited the office", source: "alice-own" }]);
      await tg.gw.app.embeddings.drain();
      const find = async (input: Record<string, unknown>) => {
        const res = await tg.as(a, SEARCH, { input: { query: "Rex the puppy", limit: 20, ...input } });
        expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
        return (res.data as { searchMemories: { hits: Hit[] } }).searchMemories.hits;
      };
      const all = (await find({})).map((h) => h.sourceRef);
      expect(all).toEqual(expect.arrayContaining(["bob-shared", "alice-own"]));
      expect(all).not.toContain("bob-private");
      expect((await find({ agentIds: [b.agentId] })).map((h) => h.sourceRef)).toEqual(["bob-shared"]);
      expect((await find({ agentIds: [a.agentId] })).map((h) => h.sourceRef)).toEqual(["alice-own"]);
    } finally {
      await tg.stop();
    }
  });

  it("searches facts too when asked: by meaning, as FACT hits with their type and evidence", async () => {
    const personId = `${alice}-dana`;
    await ok(gw, `mutation ($id: ID!) { createPeople(input: [{ id: $id, name: "Dana" }]) { people { id } } }`, { id: personId }, alice);
    await ok(
      gw,
      `mutation ($facts: [FactAssertionInput!]!) { assertFacts(facts: $facts) { created { id } } }`,
      { facts: [{ subject: personId, relation: "WORKS_AT", object: `Globex ${alice}`, attributes: { role: "Data Engineer" }, confidence: 0.9, evidence: ["msg-77"] }] },
      alice,
    );
    const data = await ok(
      gw,
      `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { source content factType evidence ownerId confidence } } }`,
      { input: { query: "Who is employed as a data engineer?", sources: ["FACT", "MEMORY"], agentIds: [alice], limit: 5 } },
      alice,
    );
    const fact = (data.searchMemories.hits as { source: string; content: string; factType: string; evidence: string[]; ownerId: string | null }[]).find(
      (h) => h.source === "FACT" && h.content.includes("Globex"),
    );
    expect(fact).toMatchObject({ factType: "WORKS_AT", evidence: ["msg-77"], ownerId: null });
    expect(fact!.content).toMatch(/Dana WORKS_AT Globex/);
    await gw.driver.executeQuery("MATCH (n) WHERE n.ownerId = $a AND (n:Person OR n:Org) DETACH DELETE n", { a: alice });
  });

  it("answers explain only when asked", async () => {
    const hits = await search(alice, { query: "queue", agentIds: [alice], limit: 2 });
    expect(hits[0]!.explain).toBeNull();
  });

  it("searches Lucene syntax literally: no error, no match-everything", async () => {
    for (const query of ['content:"queue" OR *:*', "queue~ AND (budget^10)", "\\", "*"]) {
      const hits = await search(alice, { query, agentIds: [alice], limit: 20, expand: false, explain: true });
      const byFulltext = hits.filter((h) => h.explain!.fulltextRank !== null).map((h) => h.sourceRef);
      expect(byFulltext.length, query).toBeLessThan(6);
    }
  });

  it("takes a caller's own query vector of the right size", async () => {
    const [vector] = await gw.app.embedder.embedQueries(["What is the name of the dog?"]);
    const hits = await search(alice, { query: "dog", vector, agentIds: [alice], limit: 6, expand: false, explain: true });
    const asked = await search(alice, { query: "What is the name of the dog?", agentIds: [alice], limit: 6, expand: false, explain: true });
    const nearest = (list: Hit[]) => list.find((h) => h.explain!.vectorRank === 1)?.sourceRef;
    expect(["c1", "c2"]).toContain(nearest(hits));
    expect(nearest(hits)).toBe(nearest(asked));
  });

  it("asks turns by meaning without the people the query names: the participant boost carries who", async () => {
    const scores = (list: Hit[]) => Object.fromEntries(list.filter((h) => h.explain!.vectorRank !== null).map((h) => [h.sourceRef, h.explain!.vectorScore]));
    const input = { agentIds: [alice], limit: 6, expand: false, explain: true };
    const withVector = async (text: string, query: string) => search(alice, { ...input, query, vector: (await gw.app.embedder.embedQueries([text]))[0] });

    // Sam is a participant of the turns the words find: the turns' vector is the question's without the name.
    const named = await search(alice, { ...input, query: "What did Sam adopt?" });
    expect(scores(named)).toEqual(scores(await withVector("What did they adopt?", "What did Sam adopt?")));
    expect(scores(named)).not.toEqual(scores(await withVector("What did Sam adopt?", "What did Sam adopt?")));
    const possessive = await search(alice, { ...input, query: "What does Sam's puppy chew?" });
    expect(scores(possessive)).toEqual(scores(await withVector("What does their puppy chew?", "What does Sam's puppy chew?")));

    // Rex is no participant, and "sam" in lower case is a word, not a name: the question is asked as written.
    for (const query of ["What does Rex chew?", "what did sam adopt?"]) {
      expect(scores(await search(alice, { ...input, query }))).toEqual(scores(await withVector(query, query)));
    }
    // Of two capitalised words, only the participant is someone.
    const oneOfTwo = "Did Rex chew what Sam adopted?";
    expect(scores(await search(alice, { ...input, query: oneOfTwo }))).toEqual(scores(await withVector("Did Rex chew what they adopted?", oneOfTwo)));
  });

  it.each([
    ["an empty query", { query: "  " }, "searchMemories.input.query"],
    ["a limit of 0", { query: "x", limit: 0 }, "searchMemories.input.limit"],
    ["a limit of 101", { query: "x", limit: 101 }, "searchMemories.input.limit"],
    ["minConfidence 1.5", { query: "x", minConfidence: 1.5 }, "searchMemories.input.minConfidence"],
    ["diversity -0.1", { query: "x", diversity: -0.1 }, "searchMemories.input.diversity"],
    ["an unknown agent", { query: "x", agentIds: ["no-such-agent"] }, "searchMemories.input.agentIds"],
    ["a vector of the wrong size", { query: "x", vector: [1, 0, 0] }, "searchMemories.input.vector"],
    ["from after to", { query: "x", from: day(5), to: day(1) }, "searchMemories.input.from"],
  ])("refuses %s with BAD_USER_INPUT naming the field", async (_name, input, field) => {
    const error = await fails(gw, SEARCH, { input }, alice);
    expect(error).toMatchObject({ code: "BAD_USER_INPUT", field });
  });
});
