import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "../../../src/mcp/mcpServer.js";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { buildPeopleFixture } from "../tools/peopleFixture.js";
import { callTool, textOf } from "./agentSession.js";

/**
 * The knowledge agent's own loop tools offered over MCP from the same
 * declarations (src/people/tools.ts, src/messages/tools.ts):
 * get_person_summary, get_recent_messages and find_people_connected_to,
 * each running its field's operation through the gateway as the caller.
 */
let gw: TestGateway;
let client: Client;
const me = uniqueAgent("knowledge-agent-mcp");
const alice = `${me}-alice`;
const channel = `${me}-general`;
const at = (minute: number) => `2025-10-10T14:${String(minute).padStart(2, "0")}:00.000Z`;

beforeAll(async () => {
  gw = await startTestGateway();
  await buildPeopleFixture(gw, me);
  await ok(gw, `mutation ($id: ID!) { createChannels(input: [{ id: $id, name: "general" }]) { channels { id } } }`, { id: channel }, me);
  const message = (n: number, author: string, content: string) => ({
    id: `${me}-m${n}`, authorId: author, authorName: author, content, timestamp: at(n), channel: { connect: [{ where: { node: { id: { eq: channel } } } }] },
  });
  await ok(gw, `mutation ($input: [MessageCreateInput!]!) { createMessages(input: $input) { messages { id } } }`, {
    input: [message(1, "alice", "Who is going to PyCon this year?"), message(2, "bob", "Charlie went last year"), message(3, "alice", "I will ask him")],
  }, me);
  const server = createMcpServer({ run: (document, variables) => gw.request(document, variables, me), enums: () => undefined, version: "test" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: "knowledge-agent-tools-test", version: "1.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
});
afterAll(async () => {
  await client?.close();
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

describe("the knowledge agent's loop tools over MCP", () => {
  it("are listed, read-only, with the fields' arguments in snake_case", async () => {
    const { tools } = await client.listTools();
    const listed = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(Object.keys(listed.get_person_summary!.inputSchema.properties ?? {})).toEqual(["person_id"]);
    expect(Object.keys(listed.get_recent_messages!.inputSchema.properties ?? {})).toEqual(["channel_id", "limit", "before"]);
    expect(Object.keys(listed.find_people_connected_to!.inputSchema.properties ?? {})).toEqual(["name", "min_confidence", "limit"]);
    for (const name of ["get_person_summary", "get_recent_messages", "find_people_connected_to"]) expect(listed[name]!.annotations, name).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });

  it("get_person_summary: a person's facts grouped by type, as structured content and as text", async () => {
    const r = await callTool(client, "get_person_summary", { person_id: alice });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ personId: alice, found: true, name: "Alice", factCount: 6 });
    expect(r.structuredContent!.groups.map((g: { type: string }) => g.type)).toEqual(["WORKS_AT", "LIVES_IN", "HAS_SKILL", "ATTENDED_EVENT", "CLOSE_TO", "INTERACTED_WITH"]);
    expect(textOf(r)).toContain(`Alice (${alice}): 6 facts\n- WORKS_AT Google (confidence 0.95)`);
    expect(textOf(await callTool(client, "get_person_summary", { person_id: `${me}-nobody` }))).toBe(`No person ${me}-nobody.`);
  });

  it("get_recent_messages: a channel's latest messages, oldest first, paged back with before; an unknown channel is the tool's error naming it", async () => {
    const r = await callTool(client, "get_recent_messages", { channel_id: channel, limit: 2 });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r)).toBe(`[${at(2)}] bob: Charlie went last year\n[${at(3)}] alice: I will ask him`);
    const earlier = await callTool(client, "get_recent_messages", { channel_id: channel, before: at(2) });
    expect(textOf(earlier)).toBe(`[${at(1)}] alice: Who is going to PyCon this year?`);
    const unknown = await callTool(client, "get_recent_messages", { channel_id: `${me}-nowhere` });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain("recentMessages.channelId");
  });

  it("find_people_connected_to: who attended the event a conversation names, found by its name in any case", async () => {
    const r = await callTool(client, "find_people_connected_to", { name: "pycon", min_confidence: 0.5, limit: 100 });
    expect(r.isError, textOf(r)).toBeFalsy();
    const mine = (r.structuredContent!.people as { personId: string }[]).filter((p) => p.personId.startsWith(me)).map((p) => p.personId).sort();
    expect(mine).toEqual([alice, `${me}-charlie`]);
    expect(textOf(r)).toContain(`- Alice (${alice}): ATTENDED_EVENT PyCon (confidence`);
  });
});
