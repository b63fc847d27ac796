import type { Command } from "commander";
import { connect, withConnectionOptions, type ConnectionOptions } from "./connection.js";

/**
 * Serves MCP on stdin/stdout until the client closes stdin (or SIGINT/SIGTERM):
 * the tools and the context resource of /mcp, run as the given credentials on
 * the gateway at --url (or the embedded default started here), and each
 * agent's knowledge feed as a resource one can subscribe to. stdout carries
 * only the protocol; logs go to stderr.
 */
export async function serveMcpOverStdio(options: ConnectionOptions): Promise<void> {
  // Loaded here, not at the top: the tool declarations bring every domain (and its NLP libraries),
  // which no other command needs, and `mnemograph --help` would pay for them.
  const [{ StdioServerTransport }, { VERSION }, { attachFeedResource }, { remoteEnums }, { createMcpServer }] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/stdio.js"),
    import("../../app/version.js"),
    import("../../mcp/feedResource.js"),
    import("../../mcp/gatewayClient.js"),
    import("../../mcp/mcpServer.js"),
  ]);
  const connection = await connect(options);
  const { client } = connection;
  const server = createMcpServer({ run: client.run, enums: await remoteEnums(client), cypherAccess: (await client.operator()) === true ? true : undefined, version: VERSION });
  // A stdio connection lives as long as its client: it can follow knowledge feeds and notify.
  const feeds = attachFeedResource(server, client.knowledgeFeed);
  await server.connect(new StdioServerTransport());
  await new Promise<void>((resolve) => {
    process.stdin.once("close", resolve);
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await Promise.allSettled([feeds.close(), server.close()]);
  await connection.close();
}

/** `mnemograph mcp`: an MCP server on stdio, for desktop clients (Claude Desktop, Cursor) and agent frameworks. */
export function mcpCommand(program: Command): void {
  withConnectionOptions(
    program
      .command("mcp")
      .description("serve MCP on stdio (tools, the context resource, subscribable knowledge feeds) over a gateway: --url with --token or --api-key, or the embedded default"),
  ).action(serveMcpOverStdio);
}
