import type { Row } from "../graph/statement.js";
import { isDateTime } from "../graph/values.js";
import { visibleAs } from "../graph/visibleAs.js";

/**
 * The ChannelMessage map of message `n`: the one source of what the message
 * tools return. recentMessages' statement (schema/message-tools.graphql) writes
 * `channelMessage(n)`, which the schema's build expands with the READ rule over
 * `$jwt` (schema/expandCypherFields.ts); searchMessages reads MESSAGE_PROJECTION,
 * the same map with the rule over the caller's parameters. Binds `ch`, which
 * the enclosing query must not use.
 */
export function channelMessageMap(visible: (variable: "ch") => string): string {
  return `n { .id, .authorId, .authorName, content: coalesce(n.content, ''), .timestamp,
  channelId: head([(n)-[:IN_CHANNEL]->(ch:Channel) WHERE ${visible("ch")} | ch.id]) }`;
}

/** channelMessageMap with the READ rule over the caller's parameters (auth/policy.ts visibilityParams). */
export const MESSAGE_PROJECTION = channelMessageMap(visibleAs);

/** The GraphQL `ChannelMessage` of a MESSAGE_PROJECTION map (Row.rows). */
export function toChannelMessage(row: Row) {
  const timestamp = row.value("timestamp");
  if (!isDateTime(timestamp)) throw new Error(`ChannelMessage ${row.string("id")}: timestamp is not a DateTime`);
  return {
    id: row.string("id"),
    channelId: row.stringOrNull("channelId"),
    authorId: row.string("authorId"),
    authorName: row.stringOrNull("authorName"),
    content: row.string("content"),
    timestamp: timestamp.toStandardDate().toISOString(),
  };
}

export type ChannelMessageOutput = ReturnType<typeof toChannelMessage>;
