import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "../../../src/mcp/mcpServer.js";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { buildPeopleFixture } from "./peopleFixture.js";

/**
 * person_facts (src/people/tools.ts, one declaration beside its SDL field)
 * against a database: over GraphQL, and as the MCP tool derived from it,
 * running its operation through the gateway as the caller.
 */
let gw: TestGateway;
let client: Client;
const me = uniqueAgent("person-facts");
const alice = `${me}-alice`;

beforeAll(async () => {
  gw = await startTestGateway();
  await buildPeopleFixture(gw, me);
  const server = createMcpServer({ run: (document, variables) => gw.request(document, variables, me), enums: () => undefined, version: "test" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: "person-facts-test", version: "1.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
});
afterAll(async () => {
  await client?.close();
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

describe("person_facts", () => {
  it("over GraphQL: the facts held with at least minConfidence, strongest first, at most limit", async () => {
    const { personFacts: p } = await ok(gw, `query ($id: ID!) { personFacts(personId: $id, minConfidence: 0.88, limit: 3) { found name facts { type object confidence } } }`, { id: alice }, me);
    expect(p.found).toBe(true);
    expect(p.facts.map((f: { confidence: number }) => f.confidence)).toEqual([0.95, 0.9, 0.9]);
    expect(p.facts[0]).toEqual({ type: "WORKS_AT", object: "Google", confidence: 0.95 });
    const none = await ok(gw, `{ personFacts(personId: "nobody-here") { found facts { id } } }`, {}, me);
    expect(none.personFacts).toEqual({ found: false, facts: [] });
  });

  it("as an MCP tool: the same answer as structured content and text; a limit out of range is refused", async () => {
    const r = (await client.callTool({ name: "person_facts", arguments: { person_id: alice, min_confidence: 0.9, fact_types: ["WORKS_AT", "HAS_SKILL"] } })) as unknown as { content: { text: string }[]; structuredContent: { facts: { type: string }[] } };
    expect(r.structuredContent.facts.map((f) => f.type)).toEqual(["WORKS_AT", "HAS_SKILL"]);
    expect(r.content[0]!.text).toBe(`Alice (${alice})\n- WORKS_AT Google (confidence 0.95)\n- HAS_SKILL Python (confidence 0.9)`);
    // Out of range: refused before it runs (the input schema's range is the SDL's @constraint), as the tool's error.
    const refused = await client.callTool({ name: "person_facts", arguments: { person_id: alice, limit: 101 } }).then(
      (res) => res as unknown as { isError?: boolean; content: { text: string }[] },
      (e: Error) => ({ isError: true, content: [{ text: e.message }] }),
    );
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/limit/);
  });
});
