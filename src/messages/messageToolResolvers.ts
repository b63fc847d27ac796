import type { AppDeps } from "../core/appDeps.js";
import { recentMessagesResolver } from "./recentMessages.js";
import { searchMessagesResolver } from "./searchMessages.js";

/** Resolvers of schema/message-tools.graphql: seed 002's get_recent_messages and message search. */
export function messageToolResolvers(deps: AppDeps) {
  return {
    Query: {
      recentMessages: recentMessagesResolver(deps),
      searchMessages: searchMessagesResolver(deps),
    },
  };
}
