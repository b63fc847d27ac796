import { stringField, type ImportRecord } from "./importRecord.js";

interface DiscordExport {
  channel?: { id?: unknown; name?: unknown };
  messages?: unknown;
}

/**
 * A channel export of DiscordChatExporter (its JSON format): `channel` and
 * `messages`, each message with id, timestamp, content, author {id, name,
 * nickname} and, for a reply, reference.messageId. A message is referred to
 * by its index (`messages[12]`). Pure.
 */
export function readDiscord(text: string): ImportRecord[] {
  const data = JSON.parse(text) as DiscordExport;
  const channelId = stringField(data.channel?.id);
  if (!channelId || !Array.isArray(data.messages)) throw new Error("not a DiscordChatExporter JSON export: it needs channel.id and a messages array");
  const channelName = stringField(data.channel?.name) ?? null;
  return data.messages.map((raw: unknown, i): ImportRecord => {
    const ref = `messages[${i}]`;
    const m = (raw ?? {}) as Record<string, unknown>;
    const author = (m.author ?? {}) as Record<string, unknown>;
    const id = stringField(m.id);
    const authorId = stringField(author.id);
    const timestamp = stringField(m.timestamp);
    const content = typeof m.content === "string" ? m.content : undefined;
    if (!id || !authorId || !timestamp || content === undefined) {
      return { ref, error: "a message needs id, author.id, timestamp and content" };
    }
    const reference = (m.reference ?? {}) as Record<string, unknown>;
    return {
      ref,
      message: {
        id,
        channelId,
        channelName,
        platform: "discord",
        authorId,
        authorName: stringField(author.nickname) ?? stringField(author.name) ?? null,
        content,
        timestamp,
        replyTo: stringField(reference.messageId) ?? null,
      },
    };
  });
}
