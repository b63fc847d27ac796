import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { KnowledgeFeed } from "@mnemograph/client";
import { FeedPageBuffer } from "./feedPage.js";

const FEED_URI = /^mnemograph:\/\/agents\/([^/]+)\/feed$/;

/**
 * Opens an agent's knowledge feed as the MCP client's caller: the client
 * package's iterator (@mnemograph/client knowledgeFeed), which resubscribes
 * with its last cursor after a lost connection, so nothing is lost or doubled.
 */
export type OpenFeed = (agentId: string) => KnowledgeFeed;

interface Followed {
  feed: KnowledgeFeed;
  buffer: FeedPageBuffer;
}

/**
 * `mnemograph://agents/{agentId}/feed` on a connection that lives on (stdio,
 * or a Streamable HTTP session): `resources/subscribe` follows the agent's
 * knowledge feed and every delivery with events sends
 * `notifications/resources/updated`; reading the resource returns the events
 * received since the last read and the cursor. Register before connecting.
 */
export function attachFeedResource(server: McpServer, openFeed: OpenFeed): { close(): Promise<void> } {
  const followed = new Map<string, Followed>();
  const subscribed = new Set<string>();
  const uriOf = (agentId: string) => `mnemograph://agents/${encodeURIComponent(agentId)}/feed`;

  const follow = (agentId: string): Followed => {
    const existing = followed.get(agentId);
    if (existing) return existing;
    const entry: Followed = { feed: openFeed(agentId), buffer: new FeedPageBuffer() };
    followed.set(agentId, entry);
    void (async () => {
      try {
        for await (const delivery of entry.feed) {
          const uri = uriOf(agentId);
          if (entry.buffer.push(delivery) && subscribed.has(uri)) await server.server.sendResourceUpdated({ uri }).catch(() => undefined);
        }
      } catch (err) {
        // A refusal waiting cannot fix: kept for the next read to report.
        const { code, message } = err as { code?: string; message?: string };
        entry.buffer.fail(`${code ?? "ERROR"}: ${message ?? String(err)}`);
      }
    })();
    return entry;
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
    (uri, { agentId }) => ({ contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(follow(decodeURIComponent(String(agentId))).buffer.take()) }] }),
  );
  server.server.registerCapabilities({ resources: { subscribe: true } });
  server.server.setRequestHandler(SubscribeRequestSchema, (request) => {
    const agentId = agentOf(request.params.uri);
    follow(agentId);
    subscribed.add(uriOf(agentId));
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    const agentId = agentOf(request.params.uri);
    subscribed.delete(uriOf(agentId));
    await followed.get(agentId)?.feed.close();
    followed.delete(agentId);
    return {};
  });
  return {
    async close() {
      const feeds = [...followed.values()].map((f) => f.feed.close());
      followed.clear();
      await Promise.allSettled(feeds);
    },
  };
}
