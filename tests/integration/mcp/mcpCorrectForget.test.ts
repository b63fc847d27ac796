import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/**
 * An agent's session through the official MCP SDK client, over /mcp and over
 * stdio (`npx mnemograph mcp --url … --token …`), using only what the tools
 * say: no agent id is ever given, no Agent node is made first. It learns who
 * it is, records, corrects one thing and sees only the new version, forgets
 * another and no tool returns it any more.
 */
const BIN = fileURLToPath(new URL("../../../bin/mnemograph.mjs", import.meta.url));
let tg: TokenGateway;
const clients: Client[] = [];

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, any> };

async function overHttp(caller: Caller): Promise<Client> {
  const client = new Client({ name: "forget-http", version: "1.0.0" });
  const url = new URL(tg.gw.url.replace(/graphql$/, "mcp"));
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${await tg.token(caller)}` } } }));
  clients.push(client);
  return client;
}

async function overStdio(caller: Caller): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--url", tg.gw.url, "--token", await tg.token(caller)], env: { ...process.env } as Record<string, string>, stderr: "ignore" });
  const client = new Client({ name: "forget-stdio", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "mcpforget" });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await tg.stop();
});

describe.each([
  ["/mcp", overHttp],
  ["stdio", overStdio],
] as const)("an agent's first session over %s", (transport, connect) => {
  it("knows who it is, records without an agent id, corrects one memory (only the new text is found) and forgets another (no tool returns it)", async () => {
    const caller = tg.caller(`session-${transport === "stdio" ? "stdio" : "http"}`);
    const client = await connect(caller);
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args })) as ToolResult;
      expect(result.isError, `${name}: ${result.content.map((c) => c.text).join(" ")}`).toBeFalsy();
      return result;
    };
    const text = (r: ToolResult) => r.content.map((c) => c.text ?? "").join("\n");
    const word = `wombat${Math.random().toString(36).slice(2, 8)}`;

    const me = await call("whoami", {});
    expect(me.structuredContent).toMatchObject({ agentId: caller.agentId, tenantId: tg.tenant, roles: ["AGENT"], operator: false });
    expect(text(me)).toContain(caller.agentId);

    // No Agent node exists yet: the first interaction creates it, and memory_context needs no agent id.
    const kept = (await call("record_interaction", { summary: `We agreed the ${word} rollout waits for a warm cache`, with_agents: [caller.agentId, "someone-unknown"] })).structuredContent!;
    expect(kept.participants).toEqual(["someone-unknown"]);
    const wrong = (await call("record_interaction", { summary: `The ${word} rollout is scheduled for Friday` })).structuredContent!;
    const belief = (await call("memory_store", { content: `The ${word} cache warms up in ten minutes`, confidence: 0.6, domains: ["deploys"] })).structuredContent!;
    expect(text(await call("memory_context", { topic: `${word} rollout` }))).toContain(word);

    // Correct: the interaction in place, the belief by supersession; searches answer with the new text only.
    await call("memory_update", { id: wrong.id, content: `The ${word} rollout is scheduled for Monday`, reason: "moved" });
    await call("memory_update", { id: belief.id, content: `The ${word} cache warms up in two minutes` });
    const found = text(await call("memory_search", { query: `${word} rollout` }));
    expect(found).toContain("Monday");
    expect(found).not.toContain("Friday");
    const knowledge = text(await call("memory_query", { topic: `${word} cache warms up` }));
    expect(knowledge).toContain("two minutes");
    expect(knowledge).not.toContain("ten minutes");

    // Forget: gone from memory_search, memory_context and agent memories alike.
    const forgotten = await call("memory_forget", { id: kept.id });
    expect(forgotten.structuredContent).toMatchObject({ id: kept.id, nodeType: "Memory" });
    expect(text(await call("memory_search", { query: `${word} warm cache` }))).not.toContain("agreed");
    expect(text(await call("memory_context", { topic: `${word} rollout warm cache` }))).not.toContain("agreed");
    const again = (await client.callTool({ name: "memory_forget", arguments: { id: kept.id } })) as ToolResult;
    expect(again.isError).toBe(true);
    expect(text(again)).toMatch(/^NOT_FOUND/);
    const agent = await tg.gw.driver.executeQuery("MATCH (a:Agent {tenantId: $tenant, id: $id}) RETURN a.ownerId AS owner", { tenant: tg.tenant, id: caller.agentId });
    expect(agent.records.map((r) => r.get("owner"))).toEqual([caller.agentId]);
  });
});
