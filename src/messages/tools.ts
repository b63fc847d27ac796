import type { AppDeps } from "../core/appDeps.js";
import { arg, declareTool, type AnyToolDeclaration } from "../core/retrievalTool.js";
import { searchMessagesResolver } from "./searchMessages.js";

/** The knowledge agent's message search as a retrieval tool (core/retrievalTool.ts). */
export const MESSAGE_TOOLS: readonly AnyToolDeclaration<AppDeps>[] = [
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
