import type { AppDeps } from "../core/appDeps.js";
import { arg, declareTool, type AnyToolDeclaration } from "../core/retrievalTool.js";
import { searchMessagesResolver } from "./searchMessages.js";

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
  }),
  declareTool({
    name: "search_messages",
    field: "searchMessages",
    args: { query: arg.text(2000), channelId: arg.optionalAgentId(), authorId: arg.optionalText(128), limit: arg.limit(10) },
    implement: (deps: AppDeps) => searchMessagesResolver(deps),
    loop: {
      description: "Messages matching a query, optionally in one channel or by one author.",
      args: ["query", "channelId", "authorId", "limit"],
    },
  }),
];
