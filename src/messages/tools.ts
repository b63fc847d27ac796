import type { AppDeps } from "../core/appDeps.js";
import { clip, READ } from "../core/agentTool.js";
import { arg, declareTool, type AnyToolDeclaration } from "../core/retrievalTool.js";

const channelId = arg.agentId();
const recentLimit = arg.limit(20, 200);
const before = arg.instant();

/** The knowledge agent's message tools as retrieval tools (core/retrievalTool.ts): get_recent_messages and message search. */
export const MESSAGE_TOOLS: readonly AnyToolDeclaration<AppDeps>[] = [
  declareTool({
    name: "get_recent_messages",
    field: "recentMessages",
    args: { channelId, limit: recentLimit, before },
    // One statement: Query.recentMessages's @cypher (schema/message-tools.graphql).
    cypher: { selection: "id channelId authorId authorName content timestamp" },
    loop: {
      description:
        "The latest messages of a channel before a moment, oldest first: what was discussed earlier, to follow a reference. before_timestamp (ISO-8601) pages back; default now.",
      // The knowledge agent's get_recent_messages(channel_id, limit, before_timestamp).
      own: {
        args: { channelId, limit: recentLimit, beforeTimestamp: before },
        toField: ({ channelId, limit, beforeTimestamp }) => ({ channelId, limit, before: beforeTimestamp }),
      },
    },
    // Over MCP under the same name; its input is the field's (`before`, not the loop's before_timestamp).
    agent: {
      title: "Recent messages of a channel",
      description: "The latest messages of a channel before a moment, oldest first: what was discussed earlier, to follow a reference.",
      describe: {
        channel_id: "The channel's id, as messages give it.",
        limit: "How many messages, 1..200 (default 20).",
        before: "Only messages sent before this ISO-8601 instant (default now); page back with the first message's timestamp.",
      },
      ranges: { limit: [1, 200] },
      // With the timestamp: a generated operation selects only the scalars the SDL declares, and DateTime is @neo4j/graphql's.
      document: `query GetRecentMessages($channelId: ID!, $limit: Int, $before: DateTime) {
        recentMessages(channelId: $channelId, limit: $limit, before: $before) { id channelId authorId authorName content timestamp } }`,
      hints: READ,
      render: (messages) => messages.map((m) => `[${String(m.timestamp)}] ${m.authorName ?? m.authorId}: ${clip(m.content)}`).join("\n") || "No messages.",
    },
  }),
  declareTool({
    name: "search_messages",
    field: "searchMessages",
    args: { query: arg.text(2000), channelId: arg.optionalAgentId(), authorId: arg.optionalText(128), limit: arg.limit(10) },
    // Loaded when the gateway starts: the stdio MCP server reads these declarations and loads no domain code.
    implement: async (deps: AppDeps) => (await import("./searchMessages.js")).searchMessagesResolver(deps),
    loop: {
      description: "Messages matching a query, optionally in one channel or by one author.",
      args: ["query", "channelId", "authorId", "limit"],
    },
  }),
];
