import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config/config.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/** One budget per agent whichever door it comes through: /graphql and /mcp share the rate limiter and the operation limits. */
let tg: TokenGateway;
let client: Client;

beforeAll(async () => {
  const base = loadConfig({ LOG_LEVEL: "silent", PORT: "0", MNEMOGRAPH_AUTH: "off", WARMUP_SECONDS: "0" });
  tg = await startTokenGateway({ tenantPrefix: "mcplimits", config: { limits: { ...base.limits, rateLimits: { defaultPerMinute: 600, perField: { memoryQuery: 2 } } } } });
  client = new Client({ name: "limits-test", version: "1.0.0" });
  const url = new URL(tg.gw.url.replace(/graphql$/, "mcp"));
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${await tg.token(tg.caller("limited"))}` } } }));
});
afterAll(async () => {
  await client?.close();
  await tg?.stop();
});

describe("MCP under the gateway's limits", () => {
  it("spends the same per-field rate budget as GraphQL: the third memoryQuery in a minute is RATE_LIMITED, through either door", async () => {
    const agent = tg.caller("limited");
    const viaGraphQL = await tg.as(agent, `{ memoryQuery(topic: "budgets") { score } }`);
    expect(viaGraphQL.errors).toBeUndefined();
    const first = (await client.callTool({ name: "memory_query", arguments: { topic: "budgets" } })) as { isError?: boolean };
    expect(first.isError).toBeFalsy();
    const third = (await client.callTool({ name: "memory_query", arguments: { topic: "budgets" } })) as { isError?: boolean; content: { text: string }[] };
    expect(third.isError).toBe(true);
    expect(third.content[0]!.text).toMatch(/^RATE_LIMITED: /);
    const fourth = await tg.as(agent, `{ memoryQuery(topic: "budgets") { score } }`);
    expect(fourth.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
  });
});
