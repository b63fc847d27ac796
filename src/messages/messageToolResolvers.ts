import type { AppDeps } from "../core/appDeps.js";
import { toolResolvers } from "../core/retrievalTool.js";
import { recordMessagesResolver } from "./recordMessages.js";
import { MESSAGE_TOOLS } from "./tools.js";

/** Resolvers of schema/message-tools.graphql (the knowledge agent's get_recent_messages and message search) and of the bulk message write. */
export function messageToolResolvers(deps: AppDeps) {
  return {
    Query: {
      ...toolResolvers(MESSAGE_TOOLS, deps),
    },
    Mutation: {
      recordMessages: recordMessagesResolver(deps),
    },
  };
}
