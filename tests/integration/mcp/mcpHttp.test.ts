import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { mcpTools } from "../../../src/mcp/tools.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/**
 * The MCP endpoint at /mcp, driven by the SDK's own client over Streamable
 * HTTP against the real gateway and Neo4j: the tools run as the token's
 * caller, through the same pipeline and access rules as GraphQL.
 */
let tg: TokenGateway;
let mcpUrl: URL;
let alice: Caller;
let bob: Caller;
let admin: Caller;
let operator: Caller;
const clients: Client[] = [];

const tokenOf = (caller: Caller) => tg.token(caller);

async function connect(caller: Caller): Promise<Client> {
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { authorization: `Bearer ${await tokenOf(caller)}` } } });
  await client.connect(transport);
  clients.push(client);
  return client;
}

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, any> };
const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolResult;
const textOf = (r: ToolResult) => r.content.map((c) => c.text ?? "").join("\n");

beforeAll(async () => {
  // Each test opens its own sessions and keeps them to the end: more than the default cap per caller.
  tg = await startTokenGateway({ tenantPrefix: "mcp", config: { mcp: { sessionIdleSeconds: 1800, maxSessionsPerCaller: 100 } } });
  mcpUrl = new URL(tg.gw.url.replace(/graphql$/, "mcp"));
  alice = tg.caller("alice");
  bob = tg.caller("bob");
  admin = tg.caller("root", ["agent", "admin"]);
  operator = tg.operator("operator");
  for (const c of [alice, bob]) {
    const created = await tg.as(admin, `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "tester" }]) { agents { id } } }`, { id: c.agentId, name: c.agentId });
    expect(created.errors).toBeUndefined();
  }
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await tg.stop();
});

describe("MCP over Streamable HTTP at /mcp", () => {
  it("lists the memory tools and cypher_query (scoped to the caller's tenant by default) for an agent, an admin and the operator; schemas come from the declarations and the SDL", async () => {
    const agentTools = (await (await connect(alice)).listTools()).tools;
    const names = agentTools.map((t) => t.name).sort();
    // Every declared tool (CYPHER_TOOL=tenant lets every agent run cypher_query), the names clients already use among them.
    expect(names).toEqual(mcpTools(() => undefined).map((t) => t.name).sort());
    expect(names).toEqual(
      expect.arrayContaining(["memory_context", "memory_forget", "memory_query", "memory_reflect", "memory_search", "memory_share", "memory_store", "memory_update", "person_profile", "record_interaction", "record_turn", "recent_turns", "retrieve_context", "start_game_session", "whoami"]),
    );
    const adminTools = (await (await connect(admin)).listTools()).tools.map((t) => t.name);
    expect(adminTools).toContain("cypher_query");
    expect(adminTools).toContain("memory_search");
    const operatorTools = (await (await connect(operator)).listTools()).tools.map((t) => t.name);
    expect(operatorTools).toContain("cypher_query");

    const search = agentTools.find((t) => t.name === "memory_search")!;
    // searchMemories' input fields query, limit (capped at 50 for a model) and kinds.
    expect(Object.keys(search.inputSchema.properties ?? {}).sort()).toEqual(["kinds", "limit", "query"]);
    expect((search.inputSchema.properties as Record<string, { maximum?: number }>).limit?.maximum).toBe(50);
    const turn = agentTools.find((t) => t.name === "record_turn")!;
    const buttons = (turn.inputSchema.properties as Record<string, { items?: { enum?: string[] } }>).button_presses?.items?.enum;
    expect(buttons).toEqual(expect.arrayContaining(["UP", "DOWN", "A", "B", "START", "SELECT"]));
    expect(turn.annotations?.readOnlyHint).toBe(false);
    expect(search.annotations?.readOnlyHint).toBe(true);
  });

  it("stores a belief with memory_store and finds it with memory_query, as structured content and text", async () => {
    const client = await connect(alice);
    const stored = await call(client, "memory_store", { content: "Deploys on Fridays fail more often than on Tuesdays", confidence: 0.9, domains: ["ops"] });
    expect(stored.isError).toBeFalsy();
    expect(stored.structuredContent).toMatchObject({ kind: "BELIEF", confidence: 0.9 });
    const id = stored.structuredContent!.id as string;
    expect(textOf(stored)).toContain(id);

    const found = await call(client, "memory_query", { topic: "deploys on Fridays" });
    expect(found.isError).toBeFalsy();
    expect(found.structuredContent!.items.map((h: { knowledge: { id: string } }) => h.knowledge.id)).toContain(id);
    expect(textOf(found)).toContain(id);
  });

  it("memory_search finds a memory written through GraphQL; memory_context and the context resource return the block", async () => {
    const written = await tg.as(alice, `mutation { createMemories(input: [{ type: OBSERVATION, content: "The staging database was moved to the Frankfurt region" }]) { memories { id } } }`);
    const memoryId = written.data?.createMemories.memories[0].id as string;
    const client = await connect(alice);
    const search = await call(client, "memory_search", { query: "Frankfurt staging database", limit: 5 });
    expect(search.isError).toBeFalsy();
    expect(search.structuredContent!.hits.map((h: { id: string }) => h.id)).toContain(memoryId);
    expect(textOf(search)).toContain("Frankfurt");

    await call(client, "record_interaction", { agent_id: alice.agentId, summary: "Agreed with Bob to move the release to Tuesday", with_agents: [bob.agentId] });
    const context = await call(client, "memory_context", { agent_id: alice.agentId, token_budget: 500 });
    expect(context.isError).toBeFalsy();
    expect(context.structuredContent!.tokenCount).toBeLessThanOrEqual(500);
    expect(textOf(context)).toBe(context.structuredContent!.text);
    expect(textOf(context)).toContain("release to Tuesday");

    const resource = await client.readResource({ uri: `mnemograph://agents/${alice.agentId}/context` });
    expect(resource.contents[0]).toMatchObject({ mimeType: "text/plain" });
    expect((resource.contents[0] as { text: string }).text).toContain("release to Tuesday");
  });

  it("runs a game session: start, a turn with a screenshot, recent turns", async () => {
    const client = await connect(alice);
    const started = await call(client, "start_game_session", { goal: "Reach Viridian City", max_turns: 100, game: "pokemon-red" });
    expect(started.isError).toBeFalsy();
    const sessionId = started.structuredContent!.id as string;
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex").toString("base64");
    const turn = await call(client, "record_turn", { session_id: sessionId, number: 1, analysis: "Route 1, tall grass to the north", button_presses: ["UP"], success: true, screenshot_base64: png });
    expect(turn.isError).toBeFalsy();
    expect(turn.structuredContent).toMatchObject({ created: true, turn: { number: 1, buttonPresses: ["UP"] } });
    const recent = await call(client, "recent_turns", { session_id: sessionId });
    expect(recent.structuredContent).toMatchObject({ sessionId, turnCount: 1 });
    expect(JSON.parse(textOf(recent))).toMatchObject({ recent_turns: [{ turn: 1, action: "up", result: "moved" }] });
  });

  it("retrieve_context and person_profile answer with the deterministic planner and the people tools", async () => {
    const client = await connect(alice);
    const profile = await call(client, "person_profile", { person_id: "nobody-known" });
    expect(profile.isError).toBeFalsy();
    expect(profile.structuredContent).toMatchObject({ personId: "nobody-known", found: false });
    const retrieved = await call(client, "retrieve_context", { messages: [{ author_name: "Dana", content: "Who here knows Rust?" }] });
    expect(retrieved.isError).toBeFalsy();
    expect(retrieved.structuredContent!.metadata.planner).toBe("DETERMINISTIC");
    expect(textOf(retrieved)).toMatch(/^Confidence: (low|medium|high)\./);
  });

  it("refuses what GraphQL refuses, with the gateway's code: another agent's private belief, an unknown session, bad arguments", async () => {
    const owner = await connect(alice);
    const stored = await call(owner, "memory_store", { content: "My private hunch about the budget", confidence: 0.2 });
    const other = await connect(bob);
    const share = await call(other, "memory_share", { knowledge_id: stored.structuredContent!.id });
    expect(share.isError).toBe(true);
    expect(textOf(share)).toMatch(/^(NOT_FOUND|FORBIDDEN): /);

    const turn = await call(other, "recent_turns", { session_id: "no-such-session" });
    expect(turn.isError).toBe(true);
    expect(textOf(turn)).toMatch(/^NOT_FOUND: /);

    // The gateway's own limit, named in its message.
    const long = await call(other, "memory_query", { topic: "x".repeat(501) });
    expect(long.isError).toBe(true);
    expect(textOf(long)).toMatch(/^BAD_USER_INPUT: .*memoryQuery\.topic/);

    // The tool's schema, checked by the SDK before anything runs.
    const badType = await call(other, "memory_store", { content: "x", confidence: 2 });
    expect(badType.isError).toBe(true);
    expect(textOf(badType)).toContain("confidence");

    // Listed for an agent, and confined to what it may read: a procedure reaching past its tenant is refused by the gateway.
    const cypher = await call(other, "cypher_query", { query: "CALL db.labels() YIELD label RETURN label" });
    expect(cypher.isError).toBe(true);
    expect(textOf(cypher)).toMatch(/^BAD_USER_INPUT: .*may not call procedures as a tenant's agent/);
  });

  it("cypher_query runs for the operator unscoped, and for a tenant admin scoped to its tenant", async () => {
    const client = await connect(operator);
    const result = await call(client, "cypher_query", { query: "RETURN 1 AS one" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ columns: ["one"], rowCount: 1 });
    // The admin's query is rewritten to its tenant (tests/integration/tools/cypherScoped.test.ts): nodes of no tenant are not in it.
    const scoped = await call(await connect(admin), "cypher_query", { query: "MATCH (n) WHERE n.tenantId IS NULL RETURN count(*) AS c" });
    expect(scoped.isError).toBeFalsy();
    expect(scoped.structuredContent).toMatchObject({ rows: ['{"c":0}'] });
  });

  it("offers the use-memory prompt", async () => {
    const prompt = await (await connect(alice)).getPrompt({ name: "use-memory" });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).toContain("memory_search");
    expect(text).toContain("memory_store");
  });

  it("answers 401 without a valid token and 400 to a GET without a session, before any tool runs", async () => {
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } };
    const post = (headers: Record<string, string>) =>
      fetch(mcpUrl, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify(init) });
    const none = await post({});
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { data: { code: string } } }).error.data.code).toBe("UNAUTHENTICATED");
    expect((await post({ authorization: "Bearer not.a.token" })).status).toBe(401);
    const get = await fetch(mcpUrl, { headers: { authorization: `Bearer ${await tokenOf(alice)}` } });
    expect(get.status).toBe(400);
    expect(((await get.json()) as { error: { data: { code: string } } }).error.data.code).toBe("MCP_SESSION_REQUIRED");
  });
});
