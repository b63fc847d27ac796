import { toNumber } from "../graph/readQuery.js";
import { visibleAs } from "../graph/visibleAs.js";

/** Cypher map projection of message `n`; binds `ch`, which the enclosing query must not use. */
export const MESSAGE_PROJECTION = `n { .id, .authorId, .authorName, .content, timestamp: n.timestamp.epochMillis,
  channelId: head([(n)-[:IN_CHANNEL]->(ch:Channel) WHERE ${visibleAs("ch")} | ch.id]) }`;

/** The GraphQL `ChannelMessage` of a MESSAGE_PROJECTION row. */
export function toChannelMessage(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    channelId: (row.channelId as string | null) ?? null,
    authorId: String(row.authorId),
    authorName: (row.authorName as string | null) ?? null,
    content: String(row.content ?? ""),
    timestamp: new Date(toNumber(row.timestamp) ?? 0).toISOString(),
  };
}

export type ChannelMessageOutput = ReturnType<typeof toChannelMessage>;
