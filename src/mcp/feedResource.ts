import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { watchFeed, type FeedWatcher } from "./feedWatcher.js";

const FEED_URI = /^mnemograph:\/\/agents\/([^/]+)\/feed$/;

/**
 * `mnemograph://agents/{agentId}/feed` for a long-lived MCP connection (stdio):
 * `resources/subscribe` follows the agent's knowledge feed and every delivery
 * sends `notifications/resources/updated`; reading the resource returns the
 * events received since the last read and the cursor. The feed's own
 * durability is underneath (see feedWatcher.ts). Register before connecting.
 */
export function attachFeedResource(server: McpServer, gateway: { httpUrl: string; headers: () => Promise<Record<string, string>> }): { close(): Promise<void> } {
  const watchers = new Map<string, FeedWatcher>();
  const subscribed = new Set<string>();
  const uriOf = (agentId: string) => `mnemograph://agents/${agentId}/feed`;
  const watcher = (agentId: string) => {
    let w = watchers.get(agentId);
    if (!w) {
      w = watchFeed({
        ...gateway,
        agentId,
        onEvents: () => {
          const uri = uriOf(agentId);
          if (subscribed.has(uri)) void server.server.sendResourceUpdated({ uri });
        },
      });
      watchers.set(agentId, w);
    }
    return w;
  };
  const agentOf = (uri: string) => {
    const agentId = FEED_URI.exec(uri)?.[1];
    if (!agentId) throw new Error(`Only mnemograph://agents/{agentId}/feed can be subscribed to, not ${uri}`);
    return decodeURIComponent(agentId);
  };

  server.registerResource(
    "agent-feed",
    new ResourceTemplate("mnemograph://agents/{agentId}/feed", { list: undefined }),
    {
      title: "An agent's knowledge feed",
      description: "Knowledge the agent's subscription rules select, as it is written by any agent. Subscribe to be told of new events; a read returns the events since the last read (JSON: cursor, events, dropped).",
      mimeType: "application/json",
    },
    (uri, { agentId }) => ({ contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(watcher(String(agentId)).take()) }] }),
  );
  server.server.registerCapabilities({ resources: { subscribe: true } });
  server.server.setRequestHandler(SubscribeRequestSchema, (request) => {
    watcher(agentOf(request.params.uri));
    subscribed.add(request.params.uri);
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    subscribed.delete(request.params.uri);
    const agentId = agentOf(request.params.uri);
    await watchers.get(agentId)?.close();
    watchers.delete(agentId);
    return {};
  });
  return {
    async close() {
      await Promise.all([...watchers.values()].map((w) => w.close()));
      watchers.clear();
    },
  };
}
