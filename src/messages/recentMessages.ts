import { visibilityParams } from "../auth/policy.js";
import { BadUserInputError } from "../errors/errors.js";
import type { RequestContext } from "../core/requestContext.js";
import { executor } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import { idArg } from "../core/idArgs.js";
import { instant, limit as limitArg } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";
import { MESSAGE_PROJECTION, toChannelMessage } from "./messageRecord.js";

export interface RecentMessagesArgs {
  channelId: string;
  limit?: number | null;
  before?: string | null;
}

// The latest `limit` before the cut-off, then turned to reading order.
const CYPHER = `
  OPTIONAL MATCH (c:Channel {tenantId: $callerTenant, id: $channelId}) WHERE ${visibleAs("c")}
  CALL (c) {
    MATCH (n:Message)-[:IN_CHANNEL]->(c) WHERE ${visibleAs("n")} AND ($before IS NULL OR n.timestamp < datetime($before))
    WITH n ORDER BY n.timestamp DESC, n.id DESC LIMIT $limit
    WITH n ORDER BY n.timestamp ASC, n.id ASC
    RETURN collect(${MESSAGE_PROJECTION}) AS messages
  }
  RETURN c IS NOT NULL AS found, messages`;

/**
 * `Query.recentMessages` (the knowledge agent's get_recent_messages): the `limit` latest
 * messages of a channel strictly before `before` (default: no cut-off), oldest first,
 * so a prompt reads them in order; page back with the first one's timestamp.
 */
export function recentMessagesResolver(deps: AppDeps) {
  return async (_: unknown, args: RecentMessagesArgs, ctx: RequestContext) => {
    const channelId = idArg("recentMessages.channelId", args.channelId);
    const limit = limitArg("recentMessages.limit", args.limit, 20, 200);
    // The DateTime scalar accepts whatever JavaScript's Date parses; Cypher gets it as ISO-8601 in UTC.
    const before = instant("recentMessages.before", args.before);
    const params = { ...visibilityParams(ctx.caller), channelId, limit: cypherInt(limit), before };
    const [row] = await executor(deps).read({ cypher: CYPHER, params, decode: (r) => ({ found: r.boolean("found"), messages: r.rows("messages").map(toChannelMessage) }) });
    if (row?.found !== true) throw new BadUserInputError(`recentMessages.channelId: no channel "${channelId}" in this tenant`, "recentMessages.channelId");
    return row.messages;
  };
}
