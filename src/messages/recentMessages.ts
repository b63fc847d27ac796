import { visibilityParams } from "../auth/policy.js";
import { BadUserInputError } from "../errors/errors.js";
import type { RequestContext } from "../core/requestContext.js";
import { executor } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";
import { MESSAGE_PROJECTION, toChannelMessage } from "./messageRecord.js";

export interface RecentMessagesArgs {
  channelId: string;
  limit: number;
  /** ISO-8601 in UTC, or null for no cut-off. */
  before: string | null;
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
 * so a prompt reads them in order; page back with the first one's timestamp. The
 * arguments come read by their declaration (./tools.ts).
 */
export function recentMessagesResolver(deps: AppDeps) {
  return async ({ channelId, limit, before }: RecentMessagesArgs, ctx: RequestContext) => {
    const params = { ...visibilityParams(ctx.caller), channelId, limit: cypherInt(limit), before };
    const [row] = await executor(deps).read({ cypher: CYPHER, params, decode: (r) => ({ found: r.boolean("found"), messages: r.rows("messages").map(toChannelMessage) }) });
    if (row?.found !== true) throw new BadUserInputError(`recentMessages.channelId: no channel "${channelId}" in this tenant`, "recentMessages.channelId");
    return row.messages;
  };
}
