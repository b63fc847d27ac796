import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { addRule } from "../feed/feedClient.js";
import { followFeedThroughMcp } from "./feedThroughMcp.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/**
 * The sessions of /mcp (Streamable HTTP), driven by the SDK's own client
 * against the real gateway: a session belongs to the caller that initialized
 * it, each caller holds a bounded number, GET carries the session's
 * notifications (a subscribed knowledge feed), DELETE ends it.
 */
const MAX_SESSIONS = 3;
let tg: TokenGateway;
let mcpUrl: URL;
const clients: Client[] = [];

async function connect(caller: Caller): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { authorization: `Bearer ${await tg.token(caller)}` } } });
  const client = new Client({ name: "mcp-session-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

const INIT = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "plain", version: "1" } } };

/** A plain POST as a client without the SDK would send it. */
async function post(caller: Caller, body: unknown, sessionId?: string) {
  return fetch(mcpUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${await tg.token(caller)}`,
      "mcp-protocol-version": "2025-06-18",
      ...(sessionId ? { "mcp-session-id": sessionId } : {}),
    },
    body: JSON.stringify(body),
  });
}

type ErrorBody = { error: { message: string; data: { code: string; limit?: number; field?: string } } };

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "mcpsess", config: { mcp: { sessionIdleSeconds: 1800, maxSessionsPerCaller: MAX_SESSIONS } } });
  mcpUrl = new URL(tg.gw.url.replace(/graphql$/, "mcp"));
});

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await tg.stop();
});

describe("MCP sessions at /mcp", () => {
  it("initialize gives a session id; tools are listed and called in that session, as its caller", async () => {
    const alice = tg.caller("alice");
    const { client, transport } = await connect(alice);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("memory_store");
    // CYPHER_TOOL=tenant (the default): every agent is offered Cypher, scoped to what it may read.
    expect(names).toContain("cypher_query");
    const stored = (await client.callTool({ name: "memory_store", arguments: { content: "Session tools run as the session's caller", confidence: 0.7 } })) as { isError?: boolean; structuredContent?: { id: string } };
    expect(stored.isError).toBeFalsy();
    const owner = await tg.gw.driver.executeQuery("MATCH (k {tenantId: $tenant, id: $id}) RETURN k.ownerId AS owner", { tenant: tg.tenant, id: stored.structuredContent!.id });
    expect(owner.records[0]!.get("owner")).toBe(alice.agentId);
  });

  it("refuses in a session what the caller may not do: another agent's private belief (the gateway's code), a procedure in a non-operator's cypher_query", async () => {
    type Result = { isError?: boolean; content: { text: string }[]; structuredContent?: { id: string } };
    const { client: owner } = await connect(tg.caller("grace"));
    const stored = (await owner.callTool({ name: "memory_store", arguments: { content: "A private hunch about the session budget", confidence: 0.2 } })) as Result;
    const { client: bob } = await connect(tg.caller("bob"));
    const share = (await bob.callTool({ name: "memory_share", arguments: { knowledge_id: stored.structuredContent!.id } })) as Result;
    expect(share.isError).toBe(true);
    expect(share.content[0]!.text).toMatch(/^(NOT_FOUND|FORBIDDEN): /);
    // A non-operator's Cypher is scoped: a procedure, which reads past the caller's tenant, is refused with the gateway's code.
    const cypher = (await bob.callTool({ name: "cypher_query", arguments: { query: "CALL db.labels() YIELD label RETURN label" } })) as Result;
    expect(cypher.isError).toBe(true);
    expect(cypher.content[0]!.text).toMatch(/^BAD_USER_INPUT: .*may not call procedures/);
  });

  it("answers plain JSON to a POST-only client: initialize, then a request with the session id", async () => {
    const carol = tg.caller("carol");
    const init = await post(carol, INIT);
    expect(init.status).toBe(200);
    expect(init.headers.get("content-type")).toMatch(/^application\/json/);
    const id = init.headers.get("mcp-session-id")!;
    expect(id).toBeTruthy();
    expect(((await init.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe("mnemograph");
    expect((await post(carol, { jsonrpc: "2.0", method: "notifications/initialized" }, id)).status).toBe(202);
    const listed = await post(carol, { jsonrpc: "2.0", id: 2, method: "tools/list" }, id);
    expect(listed.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await listed.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name)).toContain("memory_search");
    // Anything but initialize needs a session.
    const sessionless = await post(carol, { jsonrpc: "2.0", id: 3, method: "tools/list" });
    expect(sessionless.status).toBe(400);
    expect(((await sessionless.json()) as ErrorBody).error.data.code).toBe("MCP_SESSION_REQUIRED");
  });

  it("refuses a session id with another caller's token (403), and with no valid token (401)", async () => {
    const owner = tg.caller("owner");
    const other = tg.caller("other");
    const { transport } = await connect(owner);
    const id = transport.sessionId!;
    const stolen = await post(other, { jsonrpc: "2.0", id: 2, method: "tools/list" }, id);
    expect(stolen.status).toBe(403);
    const body = (await stolen.json()) as ErrorBody;
    expect(body.error.data.code).toBe("MCP_SESSION_FORBIDDEN");
    expect(body.error.message).toMatch(/another caller/);
    // The same agent id in another tenant is another caller.
    const elsewhere = await post({ ...owner, tenantId: `${tg.tenant}-b` }, { jsonrpc: "2.0", id: 3, method: "tools/list" }, id);
    expect(elsewhere.status).toBe(403);
    const anonymous = await fetch(mcpUrl, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": id }, body: "{}" });
    expect(anonymous.status).toBe(401);
    // The owner's session still serves its owner.
    expect((await post(owner, { jsonrpc: "2.0", id: 4, method: "tools/list" }, id)).status).toBe(200);
  });

  it(`holds at most ${MAX_SESSIONS} sessions per caller: one more is 429 with the limit; DELETE ends one and makes room`, async () => {
    const dave = tg.caller("dave");
    const ids: string[] = [];
    for (let i = 0; i < MAX_SESSIONS; i++) {
      const res = await post(dave, INIT);
      expect(res.status).toBe(200);
      ids.push(res.headers.get("mcp-session-id")!);
    }
    const over = await post(dave, INIT);
    expect(over.status).toBe(429);
    const body = (await over.json()) as ErrorBody;
    expect(body.error.data).toMatchObject({ code: "MCP_SESSION_LIMIT", limit: MAX_SESSIONS, field: "MCP_MAX_SESSIONS_PER_CALLER" });
    // Another caller is not limited by dave's sessions.
    expect((await post(tg.caller("erin"), INIT)).status).toBe(200);

    const ended = await fetch(mcpUrl, { method: "DELETE", headers: { authorization: `Bearer ${await tg.token(dave)}`, "mcp-session-id": ids[0]!, "mcp-protocol-version": "2025-06-18" } });
    expect(ended.status).toBe(200);
    const gone = await post(dave, { jsonrpc: "2.0", id: 2, method: "tools/list" }, ids[0]);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as ErrorBody).error.data.code).toBe("MCP_SESSION_NOT_FOUND");
    expect((await post(dave, INIT)).status).toBe(200);
  });

  it(`holds the cap when one caller initializes ${MAX_SESSIONS * 4} sessions at once: exactly ${MAX_SESSIONS} open, the rest are 429; a refused initialize frees its place`, async () => {
    const hank = tg.caller("hank");
    const answers = await Promise.all(Array.from({ length: MAX_SESSIONS * 4 }, () => post(hank, INIT)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_SESSIONS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(MAX_SESSIONS * 3);
    await Promise.all(answers.map((a) => a.body?.cancel()));

    // A malformed initialize holds a place only while it is handled.
    const ida = tg.caller("ida");
    const bad = await post(ida, { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 7 } });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    for (let i = 0; i < MAX_SESSIONS; i++) expect((await post(ida, INIT)).status).toBe(200);
  });

  it("resources/subscribe on a session follows the agent's feed: another agent's write → notifications/resources/updated on the GET stream, then resources/read returns it", async () => {
    const reader = tg.caller("http-reader");
    const writer = tg.caller("http-writer");
    await addRule(tg.gw.driver, tg.tenant, reader.agentId, { knowledgeTypes: ["Research"] });
    const { client } = await connect(reader);
    await followFeedThroughMcp(client, tg, reader, writer, "sessions");
  });

  it("the SDK client's terminateSession (DELETE) ends the session: its id is then unknown (404)", async () => {
    const frank = tg.caller("frank");
    const { transport } = await connect(frank);
    const id = transport.sessionId!;
    await transport.terminateSession();
    const after = await post(frank, { jsonrpc: "2.0", id: 2, method: "tools/list" }, id);
    expect(after.status).toBe(404);
  });
});

describe("an API key where a token goes (a desktop client's fixed header)", () => {
  const CREATE_KEY = `mutation ($agentId: ID!) { createApiKey(agentId: $agentId, roles: [AGENT], name: "desktop") { key info { id } } }`;
  const REVOKE_KEY = `mutation ($id: ID!) { revokeApiKey(id: $id) { revokedAt } }`;

  it("`Authorization: Bearer mk_…` and `x-api-key` open sessions whose tools act as the key's agent; an unknown key is 401", async () => {
    const admin = tg.caller("keys-admin", ["agent", "admin"]);
    const agent = tg.caller("desktop");
    const created = await tg.as(admin, CREATE_KEY, { agentId: agent.agentId });
    expect(created.errors).toBeUndefined();
    const { key } = created.data!.createApiKey as { key: string; info: { id: string } };

    for (const headers of [{ authorization: `Bearer ${key}` }, { "x-api-key": key }] as Record<string, string>[]) {
      const transport = new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers } });
      const client = new Client({ name: "desktop-app", version: "1.0.0" });
      await client.connect(transport);
      clients.push(client);
      const stored = (await client.callTool({ name: "memory_store", arguments: { content: "Stored from a desktop app with an API key", confidence: 0.6 } })) as { isError?: boolean; structuredContent?: { id: string } };
      expect(stored.isError, JSON.stringify(stored)).toBeFalsy();
      const owner = await tg.gw.driver.executeQuery("MATCH (k {tenantId: $tenant, id: $id}) RETURN k.ownerId AS owner", { tenant: tg.tenant, id: stored.structuredContent!.id });
      expect(owner.records[0]!.get("owner")).toBe(agent.agentId);
      await client.close();
    }

    const unknown = await fetch(mcpUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer mk_${"x".repeat(30)}` },
      body: JSON.stringify(INIT),
    });
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as ErrorBody).error.data.code).toBe("UNAUTHENTICATED");
  });

  it("a revoked key stops opening sessions (within the minute its exchange is remembered)", async () => {
    const admin = tg.caller("keys-admin2", ["agent", "admin"]);
    const created = await tg.as(admin, CREATE_KEY, { agentId: tg.caller("revoked-desktop").agentId });
    const { key, info } = created.data!.createApiKey as { key: string; info: { id: string } };
    await tg.as(admin, REVOKE_KEY, { id: info.id });
    const refused = await fetch(mcpUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": key },
      body: JSON.stringify(INIT),
    });
    expect(refused.status).toBe(401);
  });
});
