/** One message as the importer sends it: the fields of the GraphQL `MessageImportInput`. */
export interface ImportMessage {
  id: string;
  channelId: string;
  channelName?: string | null;
  platform?: string;
  authorId: string;
  authorName?: string | null;
  content: string;
  timestamp: string;
  replyTo?: string | null;
}

/**
 * One record of an input file, in file order: a message, or why it could not
 * be read. `ref` says where it is (`line 12`, `messages[3]`), for the report.
 */
export type ImportRecord = { ref: string; message: ImportMessage } | { ref: string; error: string };

/** The input formats `mnemograph import` reads: conversation histories, and a tenant's own export (`mnemograph`). */
export const IMPORT_FORMATS = ["jsonl", "discord", "locomo", "mnemograph"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** The formats read as messages (READERS). */
export type MessageFormat = Exclude<ImportFormat, "mnemograph">;

/** A platform id for a name (a LoCoMo speaker): what the id pattern allows, the rest as `-`. Pure. */
export function idOf(name: string): string {
  return name.trim().replace(/[^A-Za-z0-9._:@-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "") || "unknown";
}

/** A string field of a parsed record, or undefined when absent or not a string. */
export function stringField(value: unknown): string | undefined {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
}
