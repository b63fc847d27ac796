import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/**
 * `npm run mcp` as a desktop client starts it: an MCP server on stdio, in its
 * own process, over a running gateway. The SDK's client spawns it, as Claude
 * Desktop or Cursor would from their configuration.
 */
const ENTRY = fileURLToPath(new URL("../../../src/cli/mcp.ts", import.meta.url));
let tg: TokenGateway;
const clients: Client[] = [];

async function spawnMcp(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: ["--import", "tsx", ENTRY, "--url", tg.gw.url, ...args], env: { ...process.env } as Record<string, string>, stderr: "ignore" });
  const client = new Client({ name: "stdio-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, any> };

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "mcpstdio" });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await tg.stop();
});

describe("the stdio MCP server (npm run mcp)", () => {
  it("with an API key: exchanges it for a token, lists the agent's tools, stores and finds a belief as the key's agent", async () => {
    const admin = tg.caller("root", ["agent", "admin"]);
    const agent = tg.caller("stdio-agent");
    const created = await tg.as(admin, `mutation ($agent: ID!) { createApiKey(agentId: $agent, roles: [AGENT], name: "desktop") { key } }`, { agent: agent.agentId });
    expect(created.errors).toBeUndefined();
    const client = await spawnMcp(["--api-key", created.data!.createApiKey.key]);

    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("memory_store");
    expect(names).not.toContain("cypher_query");

    const stored = (await client.callTool({ name: "memory_store", arguments: { content: "The nightly build breaks when the cache is cold", confidence: 0.8 } })) as ToolResult;
    expect(stored.isError).toBeFalsy();
    const found = (await client.callTool({ name: "memory_query", arguments: { topic: "nightly build cache" } })) as ToolResult;
    const hit = found.structuredContent!.items.find((h: { knowledge: { id: string } }) => h.knowledge.id === stored.structuredContent!.id);
    expect(hit.knowledge.ownerId).toBe(agent.agentId);
  });

  it("with an admin's token lists cypher_query and runs it; a refused call keeps the gateway's code", async () => {
    const admin = tg.caller("root2", ["agent", "admin"]);
    const client = await spawnMcp(["--token", await tg.token(admin)]);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("cypher_query");
    const ran = (await client.callTool({ name: "cypher_query", arguments: { query: "RETURN 2 AS two" } })) as ToolResult;
    expect(ran.structuredContent).toMatchObject({ columns: ["two"], rowCount: 1 });
    const refused = (await client.callTool({ name: "recent_turns", arguments: { session_id: "no-such-session" } })) as ToolResult;
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/^NOT_FOUND: /);
  });
});
