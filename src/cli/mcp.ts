/**
 * `npm run mcp -- [--url URL] [--token T | --api-key K] [--agent ID]`: an MCP
 * server on stdio (Claude Desktop, Cursor, agent frameworks) whose tools run
 * GraphQL operations on a Mnemograph gateway, with the given credentials.
 * Without --url it starts the embedded default (as `npm start`) in this
 * process and talks to it. Credentials may also come from MNEMOGRAPH_URL,
 * MNEMOGRAPH_TOKEN, MNEMOGRAPH_API_KEY and MNEMOGRAPH_AGENT. stdout carries
 * only the protocol; logs go to stderr. Besides the tools and the context
 * resource of /mcp, it offers each agent's knowledge feed as a resource one
 * can subscribe to.
 */
import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { VERSION } from "../app/version.js";
import { ConfigError, loadConfig } from "../config/config.js";
import { createLogger } from "../logging/logger.js";
import { createMcpServer } from "../mcp/mcpServer.js";
import { attachFeedResource } from "../mcp/feedResource.js";
import { gatewayClient, remoteEnums } from "../mcp/gatewayClient.js";

const HELP = `mnemograph mcp: an MCP server on stdio over a Mnemograph gateway

  --url URL        the gateway's GraphQL endpoint (MNEMOGRAPH_URL); without it, the embedded default starts here
  --token T        a bearer token (MNEMOGRAPH_TOKEN)
  --api-key K      an API key, exchanged for tokens and renewed (MNEMOGRAPH_API_KEY)
  --agent ID       the agent to act as when the gateway runs with MNEMOGRAPH_AUTH=off (MNEMOGRAPH_AGENT)
`;

const { values } = parseArgs({
  options: {
    url: { type: "string", default: process.env.MNEMOGRAPH_URL },
    token: { type: "string", default: process.env.MNEMOGRAPH_TOKEN },
    "api-key": { type: "string", default: process.env.MNEMOGRAPH_API_KEY },
    agent: { type: "string", default: process.env.MNEMOGRAPH_AGENT },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  process.stderr.write(HELP);
  process.exit(0);
}

let url = values.url;
let stopEmbedded: (() => Promise<void>) | undefined;
if (!url) {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  // Imported only here: a client of a remote gateway does not load the whole gateway.
  const { startApp } = await import("../app/startApp.js");
  const app = await startApp(config, createLogger(config, { toStderr: true }));
  url = app.gateway.url;
  stopEmbedded = () => app.stop();
}

const client = gatewayClient({ url, token: values.token, apiKey: values["api-key"], agent: values.agent });
const server = createMcpServer({ run: client.run, enums: await remoteEnums(client), operator: await client.operator(), version: VERSION });
// A stdio connection lives as long as its client: it can follow knowledge feeds and notify.
const feeds = attachFeedResource(server, { httpUrl: url, headers: client.headers });
await server.connect(new StdioServerTransport());

const shutdown = () => {
  void Promise.allSettled([feeds.close(), server.close()]).finally(() => (stopEmbedded ? stopEmbedded() : Promise.resolve()).finally(() => process.exit(0)));
};
process.stdin.on("close", shutdown);
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
