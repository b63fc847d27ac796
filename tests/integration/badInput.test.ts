import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fails, ok } from "../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../support/testGateway.js";

let gw: TestGateway;
const me = uniqueAgent("bad");

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

/** Number of nodes and relationships this test agent owns: must not move on a refused write. */
async function footprint(): Promise<string> {
  const { records } = await gw.driver.executeQuery(
    "MATCH (n) WHERE n.ownerId = $me OPTIONAL MATCH (n)-[r]-() RETURN count(DISTINCT n) AS nodes, count(DISTINCT r) AS rels",
    { me },
  );
  return `${records[0]!.get("nodes")}/${records[0]!.get("rels")}`;
}

const createMemory = `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`;

describe("bad input gets BAD_USER_INPUT naming the field, and writes nothing", () => {
  const cases: [string, string, Record<string, unknown>, RegExp][] = [
    ["importance above 1", createMemory, { input: [{ type: "INSIGHT", content: "x", importance: 1.5 }] }, /Memory\.importance must be between 0 and 1, got 1\.5/],
    ["importance below 0", createMemory, { input: [{ type: "INSIGHT", content: "x", importance: -0.1 }] }, /Memory\.importance/],
    ["empty content", createMemory, { input: [{ type: "INSIGHT", content: "  " }] }, /Memory\.content must not be empty/],
    ["oversized content", createMemory, { input: [{ type: "INSIGHT", content: "x".repeat(20_001) }] }, /Memory\.content is at most 20000 characters/],
    ["unknown memory type", createMemory, { input: [{ type: "DREAM", content: "x" }] }, /type.*DREAM|DREAM.*MemoryType/],
    ["missing required field", createMemory, { input: [{ content: "x" }] }, /type/],
    ["too many tags", createMemory, { input: [{ type: "INSIGHT", content: "x", tags: new Array(51).fill("t") }] }, /Memory\.tags takes at most 50 items/],
    ["an empty list of nodes to create", createMemory, { input: [] }, /createMemories\.input must hold at least one item/],
    ["ownership set by the client", createMemory, { input: [{ type: "INSIGHT", content: "x", ownerId: "someone-else" }] }, /ownerId/],
    [
      "a bad fact confidence nested in a person",
      `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`,
      { input: [{ id: `${me}-p`, name: "P", worksAt: { create: [{ node: { name: "Org" }, edge: { confidence: 3 } }] } }] },
      /Fact\.confidence must be between 0 and 1, got 3/,
    ],
    [
      "an id with characters outside the id alphabet",
      `mutation ($input: [AgentCreateInput!]!) { createAgents(input: $input) { agents { id } } }`,
      { input: [{ id: "x') DETACH DELETE n //", name: "A", role: "r" }] },
      /Agent\.id must match/,
    ],
    [
      "a game session id with characters outside the id alphabet",
      `mutation ($id: ID!) { startSession(sessionId: $id, goal: "g", maxTurns: 1) { id } }`,
      { id: "s') DETACH DELETE n //" },
      /startSession\.sessionId must match/,
    ],
    [
      "a screenshot that is not a PNG or JPEG type",
      `mutation ($turn: TurnInput!) { recordTurn(sessionId: "no-such-session", turn: $turn) { created } }`,
      { turn: { number: 1, analysis: "a", buttonPresses: [], success: true, screenshot: { mimeType: "image/gif", base64: "R0lGODlh" } } },
      /ScreenshotInput\.mimeType must match/,
    ],
    [
      "a bounded field changed by arithmetic",
      `mutation { updateMemories(update: { importance: { add: 0.5 } }) { memories { id } } }`,
      {},
      /Memory\.importance is bounded, so 'add' is not allowed/,
    ],
  ];

  it.each(cases)("%s", async (_name, query, variables, message) => {
    const before = await footprint();
    const error = await fails(gw, query, variables, me);
    expect(error.code).toBe("BAD_USER_INPUT");
    expect(error.message).toMatch(message);
    expect(await footprint()).toBe(before);
  });

  it("rolls back a whole batch when one item of it breaks a uniqueness rule", async () => {
    await ok(gw, `mutation ($id: ID!) { createAgents(input: [{ id: $id, name: "A", role: "r" }]) { agents { id } } }`, { id: `${me}-taken` }, me);
    const before = await footprint();
    const error = await fails(
      gw,
      `mutation ($input: [AgentCreateInput!]!) { createAgents(input: $input) { agents { id } } }`,
      { input: [{ id: `${me}-fresh`, name: "B", role: "r" }, { id: `${me}-taken`, name: "C", role: "r" }] },
      me,
    );
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toContain(`"${me}-taken" already exists`);
    expect(await footprint()).toBe(before);
  });

  it("answers a body over the size limit with BAD_USER_INPUT naming the limit", async () => {
    const res = await fetch(gw.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ agents { id } }", variables: { pad: "x".repeat(5 * 1024 * 1024) } }),
    });
    expect(res.status).toBe(413);
    const body = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe("BAD_USER_INPUT");
    expect(body.errors[0]!.message).toMatch(/larger than the limit of 4194304 bytes/);
  });

  it("never shows a stack trace: every error carries a code from the closed set", async () => {
    const res = await gw.request(`{ agents(where: { nope: { eq: 1 } }) { id } }`, {}, me);
    for (const error of res.errors ?? []) {
      expect(["BAD_USER_INPUT", "NOT_FOUND", "CONFLICT", "FORBIDDEN", "UNAUTHENTICATED", "SERVICE_UNAVAILABLE", "SERVICE_BUSY", "RATE_LIMITED", "INTERNAL_SERVER_ERROR"]).toContain(error.extensions?.code);
      expect(JSON.stringify(error)).not.toMatch(/stacktrace|at .*\.js:\d+/);
    }
  });
});
