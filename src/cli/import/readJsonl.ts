import { stringField, type ImportRecord } from "./importRecord.js";

const REQUIRED = ["id", "channelId", "authorId", "content", "timestamp"] as const;

/**
 * JSONL of messages, one object a line with the fields of `MessageImportInput`
 * (id, channelId, authorId, content, timestamp; channelName, platform,
 * authorName, replyTo optional). Blank lines are skipped; a line that is not
 * JSON or lacks a field is a record with its error. Limits are the gateway's to
 * check. Pure.
 */
export function readJsonl(text: string): ImportRecord[] {
  const records: ImportRecord[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "") continue;
    const ref = `line ${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      records.push({ ref, error: `not JSON: ${(err as Error).message}` });
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      records.push({ ref, error: "not a JSON object" });
      continue;
    }
    const o = value as Record<string, unknown>;
    const missing = REQUIRED.filter((f) => stringField(o[f]) === undefined);
    if (missing.length > 0) {
      records.push({ ref, error: `missing or not a string: ${missing.join(", ")}` });
      continue;
    }
    records.push({
      ref,
      message: {
        id: stringField(o.id)!,
        channelId: stringField(o.channelId)!,
        channelName: stringField(o.channelName) ?? null,
        ...(stringField(o.platform) ? { platform: stringField(o.platform) } : {}),
        authorId: stringField(o.authorId)!,
        authorName: stringField(o.authorName) ?? null,
        content: stringField(o.content)!,
        timestamp: stringField(o.timestamp)!,
        replyTo: stringField(o.replyTo) ?? null,
      },
    });
  }
  return records;
}
