import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createServer } from "node:net";
import { startChildGateway, tokenGatewayEnv } from "../../../fixtures/childGateway.js";
import { addRule } from "../feed/feedClient.js";
import { followFeedThroughMcp } from "./feedThroughMcp.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/**
 * `npm run mcp` as a desktop client starts it: an MCP server on stdio, in its
 * own process, over a running gateway. The SDK's client spawns it, as Claude
 * Desktop or Cursor would from their configuration.
 */
const BIN = fileURLToPath(new URL("../../../bin/mnemograph.mjs", import.meta.url));
const NPM_RUN_MCP = fileURLToPath(new URL("../../../src/cli/mcp.ts", import.meta.url));
let tg: TokenGateway;
const clients: Client[] = [];

/** `npx mnemograph mcp …` (the package's bin), or with `viaNpmScript` what `npm run mcp -- …` runs. */
async function spawnMcp(args: string[], url = tg.gw.url, viaNpmScript = false): Promise<Client> {
  const command = viaNpmScript ? ["--import", "tsx", NPM_RUN_MCP] : [BIN, "mcp"];
  const transport = new StdioClientTransport({ command: process.execPath, args: [...command, "--url", url, ...args], env: { ...process.env } as Record<string, string>, stderr: "ignore" });
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

describe("the stdio MCP server (npx mnemograph mcp, npm run mcp)", () => {
  it("npm run mcp serves the same server as the mnemograph mcp command: the agent's tools", async () => {
    const client = await spawnMcp(["--token", await tg.token(tg.caller("npm-script"))], tg.gw.url, true);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("memory_search");
    // The stdio server does not know the gateway's CYPHER_TOOL: it lists cypher_query, and the gateway decides (scoped, by default).
    expect(names).toContain("cypher_query");
  });

  it("mnemograph mcp --help names its connection options", async () => {
    const { execFile } = await import("node:child_process");
    const help = await new Promise<string>((resolve, reject) => execFile(process.execPath, [BIN, "mcp", "--help"], (err, stdout) => (err ? reject(err) : resolve(stdout))));
    for (const option of ["--url", "--token", "--api-key", "--as"]) expect(help).toContain(option);
  });

  it("with an API key: exchanges it for a token, lists the agent's tools, stores and finds a belief as the key's agent", async () => {
    const admin = tg.caller("root", ["agent", "admin"]);
    const agent = tg.caller("stdio-agent");
    const created = await tg.as(admin, `mutation ($agent: ID!) { createApiKey(agentId: $agent, roles: [AGENT], name: "desktop") { key } }`, { agent: agent.agentId });
    expect(created.errors).toBeUndefined();
    const client = await spawnMcp(["--api-key", created.data!.createApiKey.key]);

    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("memory_store");
    expect(names).toContain("cypher_query");

    const stored = (await client.callTool({ name: "memory_store", arguments: { content: "The nightly build breaks when the cache is cold", confidence: 0.8 } })) as ToolResult;
    expect(stored.isError).toBeFalsy();
    const found = (await client.callTool({ name: "memory_query", arguments: { topic: "nightly build cache" } })) as ToolResult;
    const hit = found.structuredContent!.items.find((h: { knowledge: { id: string } }) => h.knowledge.id === stored.structuredContent!.id);
    expect(hit.knowledge.ownerId).toBe(agent.agentId);
  });

  it("with the operator's token lists cypher_query and runs it; a refused call keeps the gateway's code", async () => {
    const operator = tg.operator("root2");
    const client = await spawnMcp(["--token", await tg.token(operator)]);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("cypher_query");
    const ran = (await client.callTool({ name: "cypher_query", arguments: { query: "RETURN 2 AS two" } })) as ToolResult;
    expect(ran.structuredContent).toMatchObject({ columns: ["two"], rowCount: 1 });
    const refused = (await client.callTool({ name: "recent_turns", arguments: { session_id: "no-such-session" } })) as ToolResult;
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/^NOT_FOUND: /);
  });

  it("follows an agent's knowledge feed: resources/subscribe, a notification when another agent's write reaches it, the events on read", async () => {
    const reader = tg.caller("feed-reader");
    const writer = tg.caller("feed-writer");
    await addRule(tg.gw.driver, tg.tenant, reader.agentId, { knowledgeTypes: ["Research"] });
    const client = await spawnMcp(["--token", await tg.token(reader)]);
    await followFeedThroughMcp(client, tg, reader, writer, "feeds");
  });

  it("resumes the feed with its cursor when the gateway comes back: what was written meanwhile arrives, once", async () => {
    const reader = tg.caller("resume-reader");
    const writer = tg.caller("resume-writer");
    await addRule(tg.gw.driver, tg.tenant, reader.agentId, { knowledgeTypes: ["Research"] });
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const env = { ...tokenGatewayEnv(inject("neo4j"), tg.secret), PORT: String(port) };
    // The MCP server follows the feed through a second gateway, which is then stopped and started again.
    let second = await startChildGateway(env);
    try {
      const client = await spawnMcp(["--token", await tg.token(reader)], second.url);
      const uri = `mnemograph://agents/${reader.agentId}/feed`;
      let updates = 0;
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, () => {
        updates++;
      });
      await client.subscribeResource({ uri });
      const research = async (findings: string) => {
        const res = await tg.as(writer, `mutation ($input: [ResearchCreateInput!]!) { createResearch(input: $input) { research { id } } }`, { input: [{ topic: "resume", findings, visibility: "SHARED" }] });
        expect(res.errors).toBeUndefined();
        return res.data!.createResearch.research[0].id as string;
      };
      for (let attempt = 0; attempt < 20 && updates === 0; attempt++) {
        await research(`probe ${attempt}`);
        const deadline = Date.now() + 1000;
        while (updates === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      }
      expect(updates).toBeGreaterThan(0);
      const seen: string[] = [];
      const read = async () => {
        const page = JSON.parse((((await client.readResource({ uri })).contents[0]) as { text: string }).text) as { events: { nodeId: string }[] };
        seen.push(...page.events.map((e) => e.nodeId));
      };
      await read();

      await second.stop();
      const missed = [await research("while down 1"), await research("while down 2"), await research("while down 3")];
      second = await startChildGateway(env);
      const deadline = Date.now() + 30_000;
      while (!missed.every((id) => seen.includes(id)) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        await read();
      }
      for (const id of missed) expect(seen.filter((s) => s === id)).toHaveLength(1);
      expect(new Set(seen).size).toBe(seen.length);
    } finally {
      await second.stop();
    }
  }, 240_000);
});
