import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_TENANT, type Caller } from "../../../src/core/caller.js";
import { analyzeConversation } from "../../../src/retrieveContext/analyzeConversation.js";
import { linkEntities } from "../../../src/retrieveContext/linkEntities.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { buildPeopleFixture } from "../tools/peopleFixture.js";

let gw: TestGateway;
const config = testConfig({ llm: null });
const me = uniqueAgent("link");
const id = (name: string) => `${me}-${name}`;
const caller: Caller = { tenantId: LOCAL_TENANT, agentId: me, roles: ["agent"] };
const at = "2026-11-22T10:00:00Z";

beforeAll(async () => {
  gw = await startTestGateway(config);
  await buildPeopleFixture(gw, me);
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

const link = (messages: { authorId?: string | null; authorName?: string | null; content: string }[]) =>
  linkEntities(
    { driver: gw.driver, database: config.neo4j.database },
    caller,
    analyzeConversation(messages.map((m) => ({ authorId: null, authorName: null, timestamp: at, ...m }))),
  );

describe("linkEntities: the conversation's names and authors in one statement", () => {
  it("links authors by id, an author without an id by name in any case, and leaves a stranger unlinked", async () => {
    const { authors } = await link([
      { authorId: id("alice"), authorName: "Alice", content: "hello" },
      { authorId: null, authorName: "bOB", content: "hi" },
      { authorId: `${me}-nobody`, authorName: "Nobody", content: "hey" },
    ]);
    expect(authors.map((a) => [a.personId, a.personName])).toEqual([
      [id("alice"), "Alice"],
      [id("bob"), "Bob"],
      [null, null],
    ]);
  });

  it("links whole names and aliases the conversation says, not names that merely contain its words", async () => {
    const { entities } = await link([{ authorId: id("alice"), content: "Did Charlie or Bobby ever visit the Googleplex?" }]);
    const mine = entities.filter((e) => e.label !== "Person" || e.id.startsWith(me));
    expect(mine).toEqual(
      expect.arrayContaining([
        { label: "Person", id: id("charlie"), name: "Charlie", matched: "Charlie" },
        { label: "Person", id: id("bob"), name: "Bob", matched: "Bobby" },
      ]),
    );
    expect(entities.some((e) => e.label === "Org")).toBe(false);
  });

  it("answers a conversation without content words and authors with no ids, without an index lookup error", async () => {
    const links = await link([{ authorName: "Zzyzx Quux", content: "?!" }]);
    expect(links.entities).toEqual([]);
    expect(links.authors).toEqual([expect.objectContaining({ personId: null, personName: null })]);
  });
});
