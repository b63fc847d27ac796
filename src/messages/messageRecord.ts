import type { Row } from "../graph/statement.js";
import { visibleAs } from "../graph/visibleAs.js";

/** Cypher map projection of message `n`; binds `ch`, which the enclosing query must not use. */
export const MESSAGE_PROJECTION = `n { .id, .authorId, .authorName, .content, timestamp: n.timestamp.epochMillis,
  channelId: head([(n)-[:IN_CHANNEL]->(ch:Channel) WHERE ${visibleAs("ch")} | ch.id]) }`;

/** The GraphQL `ChannelMessage` of a MESSAGE_PROJECTION map (Row.rows). */
export function toChannelMessage(row: Row) {
  return {
    id: row.string("id"),
    channelId: row.stringOrNull("channelId"),
    authorId: row.string("authorId"),
    authorName: row.stringOrNull("authorName"),
    content: row.stringOrNull("content") ?? "",
    timestamp: new Date(row.numberOrNull("timestamp") ?? 0).toISOString(),
  };
}

export type ChannelMessageOutput = ReturnType<typeof toChannelMessage>;
